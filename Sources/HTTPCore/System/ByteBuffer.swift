// Unsafe: owns malloc'ed memory that sockets read into and send from.
// In HTTPCore, not SystemSupport: the engine's own buffers, inlined into the loop's hot path.
import CLinuxSupport
import Glibc
import SystemSupport

/// A growable byte buffer with a read and a write index, allocated with `malloc`.
///
/// A plain value of trivial fields, so a zeroed one is a valid empty buffer: the connection
/// table can be `calloc`ed and only the slots in use ever touch memory. The owner frees it
/// explicitly (through ``BufferPool``). It cannot be copied: two copies would share one
/// allocation, and the second to be recycled would free it again.
struct ByteBuffer: ~Copyable {
    private var base: UnsafeMutableRawPointer?
    private(set) var capacity: Int32 = 0
    /// The first unread byte.
    var readerIndex: Int32 = 0
    /// One past the last written byte.
    var writerIndex: Int32 = 0

    init() {}

    init(base: UnsafeMutableRawPointer, capacity: Int) {
        self.base = base
        self.capacity = Int32(capacity)
    }

    /// Whether storage is attached.
    var isAllocated: Bool { base != nil }

    /// Unread bytes.
    @inline(__always) var readableCount: Int { Int(writerIndex - readerIndex) }

    /// The unread bytes.
    @inline(__always) private var readableBytes: UnsafeRawBufferPointer {
        UnsafeRawBufferPointer(start: base.map { $0 + Int(readerIndex) }, count: readableCount)
    }

    /// Free space after the written bytes.
    @inline(__always) private var writableBytes: UnsafeMutableRawBufferPointer {
        UnsafeMutableRawBufferPointer(start: base.map { $0 + Int(writerIndex) }, count: Int(capacity - writerIndex))
    }

    /// Bytes of free space after the written bytes.
    @inline(__always) var writableCount: Int { Int(capacity - writerIndex) }

    /// The unread bytes, valid while the buffer is not changed.
    @inline(__always) var readableSpan: Span<UInt8> {
        @_lifetime(borrow self) get {
            let span = Span<UInt8>(_unsafeBytes: readableBytes)
            return _overrideLifetime(span, borrowing: self)
        }
    }

    /// The unread bytes, to change in place (the chunked decoder removing its framing).
    @inline(__always) var mutableReadableSpan: MutableSpan<UInt8> {
        @_lifetime(&self) mutating get {
            let span = MutableSpan<UInt8>(
                _unsafeBytes: UnsafeMutableRawBufferPointer(
                    start: base.map { $0 + Int(readerIndex) }, count: readableCount))
            return _overrideLifetime(span, mutating: &self)
        }
    }

    /// Reads from the socket `descriptor` into the free space and marks what arrived as
    /// written; `.done(0)` is end of stream. Through ``ConnectionSocket/receive(into:)``.
    @inline(__always)
    mutating func receive(from descriptor: Int32) throws(SystemError) -> IOResult<Int> {
        let result = try Syscall.receive(descriptor, into: writableBytes)
        if case .done(let count) = result { writerIndex += Int32(count) }
        return result
    }

    /// Marks `count` more bytes as read; an emptied buffer rewinds to its start.
    @inline(__always) mutating func consume(_ count: Int) {
        readerIndex += Int32(count)
        if readerIndex == writerIndex {
            readerIndex = 0
            writerIndex = 0
        }
    }

    /// Makes room for `count` more bytes after the written ones: first by moving the unread
    /// bytes to the front, then by growing (doubling) the storage.
    mutating func reserve(_ count: Int) {
        if Int(capacity - writerIndex) >= count { return }
        if readerIndex > 0 {
            let unread = readableCount
            if unread > 0 { memmove(base!, base! + Int(readerIndex), unread) }
            readerIndex = 0
            writerIndex = Int32(unread)
            if Int(capacity - writerIndex) >= count { return }
        }
        var newCapacity = max(Int(capacity), 1024)
        while newCapacity - Int(writerIndex) < count { newCapacity *= 2 }
        guard let grown = realloc(base, newCapacity) else {
            fatalError("out of memory growing a buffer to \(newCapacity)")
        }
        base = grown
        capacity = Int32(newCapacity)
    }

    /// Appends `bytes`.
    @inline(__always) private mutating func write(_ bytes: UnsafeRawBufferPointer) {
        guard bytes.count > 0 else { return }
        reserve(bytes.count)
        (base! + Int(writerIndex)).copyMemory(from: bytes.baseAddress!, byteCount: bytes.count)
        writerIndex += Int32(bytes.count)
    }

    /// Appends the bytes `bytes` views.
    @inline(__always) mutating func write(_ bytes: Span<UInt8>) {
        bytes.withUnsafeBytes { write($0) }
    }

    /// Appends the UTF-8 of a literal.
    @inline(__always) mutating func write(_ text: StaticString) {
        write(UnsafeRawBufferPointer(start: text.utf8Start, count: text.utf8CodeUnitCount))
    }

    /// Appends the UTF-8 of `string`.
    @inline(__always) mutating func write(utf8 string: String) {
        write(string.utf8.span)
    }

    /// Appends a byte.
    @inline(__always) mutating func write(byte: UInt8) {
        reserve(1)
        base!.storeBytes(of: byte, toByteOffset: Int(writerIndex), as: UInt8.self)
        writerIndex += 1
    }

    /// Appends the decimal digits of a non-negative number.
    mutating func write(decimal value: Int) {
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes hold any Int
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { raw in
            repeat {
                count += 1
                raw[24 - count] = UInt8(truncatingIfNeeded: rest % 10) + 0x30
                rest /= 10
            } while rest > 0
            write(UnsafeRawBufferPointer(rebasing: raw[(24 - count)...]))
        }
    }

    /// Writes the unread bytes to `descriptor` (a log file or pipe), retrying interrupted and
    /// partial writes and giving up at the first failure, then drops them: a broken log must not
    /// stop the server.
    mutating func flush(to descriptor: Int32) {
        var offset = 0
        let count = readableCount
        while offset < count, let base {
            let written = Glibc.write(descriptor, base + Int(readerIndex) + offset, count - offset)
            if written < 0 && clinux_errno() == EINTR { continue }
            if written <= 0 { break }
            offset += written
        }
        clear()
    }

    /// Drops the contents, keeping the storage.
    mutating func clear() {
        readerIndex = 0
        writerIndex = 0
    }

    /// Detaches the storage, leaving an unallocated buffer.
    mutating func takeStorage() -> (UnsafeMutableRawPointer, Int)? {
        guard let base else { return nil }
        let result = (base, Int(capacity))
        self = ByteBuffer()
        return result
    }
}

/// A per-loop free list of buffers, so a connection takes storage when bytes arrive and gives
/// it back when idle: idle keep-alive connections hold no buffers, and busy ones allocate
/// nothing per request.
///
/// Buffers that grew (for a large response) are kept apart and handed to writers first, so a
/// large response does not regrow a small buffer every time.
final class BufferPool {
    /// The size a fresh buffer starts with.
    let initialCapacity: Int
    private let retainedCapacityLimit: Int
    private var standard: [UnsafeMutableRawPointer] = []
    private var large: [(UnsafeMutableRawPointer, Int)] = []
    private let maxFree: Int
    /// Bytes of storage freed (not kept for reuse) since the loop last returned memory.
    var freedBytes = 0

    init(initialCapacity: Int = 4096, retainedCapacityLimit: Int = 64 * 1024, maxFree: Int = 256) {
        self.initialCapacity = initialCapacity
        self.retainedCapacityLimit = retainedCapacityLimit
        self.maxFree = maxFree
        standard.reserveCapacity(maxFree)
        large.reserveCapacity(maxFree)
    }

    deinit {
        for base in standard { Glibc.free(base) }
        for (base, _) in large { Glibc.free(base) }
    }

    /// Attaches storage to `buffer` if it has none; `forOutput` prefers a grown buffer.
    @inline(__always) func attach(to buffer: inout ByteBuffer, forOutput: Bool = false) {
        if buffer.isAllocated { return }
        if forOutput, let (base, capacity) = large.popLast() {
            buffer = ByteBuffer(base: base, capacity: capacity)
        } else if let base = standard.popLast() {
            buffer = ByteBuffer(base: base, capacity: initialCapacity)
        } else if let (base, capacity) = large.popLast() {
            buffer = ByteBuffer(base: base, capacity: capacity)
        } else {
            guard let base = malloc(initialCapacity) else { fatalError("out of memory") }
            buffer = ByteBuffer(base: base, capacity: initialCapacity)
        }
    }

    /// Hands the heap's free pages back to the kernel (`malloc_trim`: glibc keeps them
    /// otherwise) and starts counting ``freedBytes`` again.
    func returnFreeMemory() {
        _ = clinux_malloc_trim()
        freedBytes = 0
    }

    /// Takes `buffer`'s storage back; very large or surplus storage is freed.
    @inline(__always) func recycle(_ buffer: inout ByteBuffer) {
        guard let (base, capacity) = buffer.takeStorage() else { return }
        if capacity == initialCapacity && standard.count < maxFree {
            standard.append(base)
        } else if capacity > initialCapacity && capacity <= retainedCapacityLimit && large.count < maxFree {
            large.append((base, capacity))
        } else {
            freedBytes += capacity
            Glibc.free(base)
        }
    }
}
