// Unsafe: owns a malloc'ed block or a mapped range of the body file, and views it as spans.
// In HTTPCore, not SystemSupport: the engine's own response memory, inlined into the loop's hot path.
import CLinuxSupport
import Glibc

/// The bytes of a prepared response, with one owner: a `malloc`ed block, or for a large body a
/// mapped range of the ``BodyFile`` (so connections can `sendfile` it). Its address never
/// changes, so connections send from it while its owner keeps it; it is freed or unmapped when
/// its owner lets it go.
struct ResponseStorage: ~Copyable {
    private let base: UnsafeMutableRawPointer
    /// The number of bytes.
    let count: Int
    /// The mapped length (whole pages) when the block is a range of the body file; 0 otherwise.
    private let mappedLength: Int
    /// Where the block starts in the ``BodyFile``, when it is a range of it.
    let fileOffset: Int64?
    /// The chunk holding the block, when a ``BodyArena`` placed it there: holding it keeps the
    /// chunk mapped, and the chunk goes when the last block in it does.
    private let chunk: BodyFile.Chunk?

    /// A block of `count` bytes (contents unset): in the body file when `inBodyFile` and the file
    /// can grow — beside others in `arena`'s chunks when it has room, else in a range of its own
    /// — otherwise `malloc`ed.
    init(count: Int, inBodyFile: Bool, arena: BodyArena? = nil) {
        if inBodyFile, let arena, let placed = ResponseStorage(count: count, in: arena) {
            self = placed
            return
        }
        chunk = nil
        if inBodyFile, let file = BodyFile.shared, let range = file.allocate(count) {
            base = range.bytes.baseAddress!
            mappedLength = range.bytes.count
            fileOffset = range.offset
        } else {
            guard let block = malloc(max(1, count)) else { fatalError("out of memory") }
            base = block
            mappedLength = 0
            fileOffset = nil
        }
        self.count = count
    }

    /// A block of `count` bytes (contents unset) in one of `arena`'s chunks, or `nil` when the
    /// arena has no room for it.
    init?(count: Int, in arena: BodyArena) {
        guard let range = arena.allocate(count) else { return nil }
        base = range.bytes.baseAddress!
        mappedLength = 0
        fileOffset = range.offset
        chunk = range.chunk
        self.count = count
    }

    deinit {
        // A block in a chunk needs nothing: the chunk is unmapped when its last holder goes.
        if chunk != nil { return }
        if let fileOffset, let file = BodyFile.shared {
            file.release(UnsafeMutableRawBufferPointer(start: base, count: mappedLength), offset: fileOffset)
        } else {
            free(base)
        }
    }

    /// Copies `bytes` into the block at `offset`.
    mutating func store(_ bytes: Span<UInt8>, at offset: Int) {
        precondition(offset >= 0 && offset + bytes.count <= count, "a store past the block")
        bytes.withUnsafeBytes { source in
            guard let address = source.baseAddress else { return }
            (base + offset).copyMemory(from: address, byteCount: source.count)
        }
    }

    /// The bytes, viewed for as long as `holder` is borrowed: for the object that keeps this
    /// block in a `let` for its whole life (a class cannot lend a span of its own stored value).
    @_lifetime(borrow holder)
    @inline(__always) func span<Holder: AnyObject>(heldBy holder: borrowing Holder) -> Span<UInt8> {
        let span = Span<UInt8>(_unsafeStart: base.assumingMemoryBound(to: UInt8.self), count: count)
        return _overrideLifetime(span, borrowing: holder)
    }

    /// The block's address and length, for the System types that keep a holder retained by
    /// other means (``SharedResponse``).
    @inline(__always) var unsafeBytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base, count: count)
    }

    /// Bytes of memory the block takes: its cache lines in a chunk, the mapped pages, or what
    /// `malloc` set aside.
    var memoryCost: Int {
        if chunk != nil { return (count + 63) & ~63 }
        return mappedLength > 0 ? mappedLength : clinux_malloc_usable_size(base)
    }
}
