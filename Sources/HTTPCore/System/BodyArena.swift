// Unsafe: hands out disjoint ranges of a mapped chunk of the body file by address.
// In HTTPCore, not SystemSupport: the engine's own body memory, inlined into the loop's hot path.
import SystemSupport

/// Places large bodies that live about as long as one another — one store version's prepared
/// answers — side by side in shared 2 MiB chunks of the ``BodyFile`` (see ``BodyFile/Chunk``),
/// so the kernel can send each from one huge page.
///
/// A chunk is freed only when every response in it is gone, so responses that come and go
/// independently (a cache's entries) should not share an arena: one survivor would hold the
/// whole chunk. Build the responses one arena serves, then let it go with them.
public final class BodyArena: Sendable {
    /// The chunk being filled, and how many of its bytes are taken.
    private let current = Locked<(chunk: BodyFile.Chunk, used: Int)?>(nil)
    /// How many of this arena's chunks are still mapped.
    private let liveChunks = Locked(0)
    private let chunkLimit: Int

    /// An arena with nothing placed yet; it takes its first chunk when the first body comes.
    ///
    /// - Parameter chunkLimit: at most this many chunks mapped at once (2 MiB each); when they
    ///   are all held, ``allocate(_:)`` fails until one is freed.
    public init(chunkLimit: Int = .max) {
        self.chunkLimit = max(1, chunkLimit)
    }

    /// Stops filling the current chunk, so it is unmapped as soon as no response holds it: for
    /// an arena whose responses are short-lived, once it has been idle a while.
    func letGoOfCurrentChunk() {
        current.withLock { $0 = nil }
    }

    /// How many of this arena's chunks are mapped now.
    var liveChunkCount: Int { liveChunks.withLock { $0 } }

    /// Bodies longer than this get a range of their own, as responses without an arena do.
    static let largestShared = BodyFile.Chunk.size / 2

    /// A range of `count` bytes for a response to write once, the chunk that holds it (the
    /// response keeps it alive), and where the range starts in the file; `nil` when `count` is
    /// too long to share a chunk or no chunk can be had.
    func allocate(_ count: Int) -> (chunk: BodyFile.Chunk, bytes: UnsafeMutableRawBufferPointer, offset: Int64)? {
        guard count <= Self.largestShared, let file = BodyFile.shared else { return nil }
        return current.withLock { current in
            // Cache-line aligned, so two threads writing neighbouring ranges share no line.
            var start = ((current?.used ?? 0) + 63) & ~63
            if current == nil || start + count > BodyFile.Chunk.size {
                // The chunk being replaced stays mapped while a response holds it.
                current = nil
                guard liveChunks.withLock({ $0 < chunkLimit }), let chunk = file.allocateChunk(counter: liveChunks)
                else { return nil }
                current = (chunk, 0)
                start = 0
            }
            let chunk = current!.chunk
            current!.used = start + count
            let bytes = UnsafeMutableRawBufferPointer(rebasing: chunk.bytes[start..<(start + count)])
            return (chunk, bytes, chunk.offset + Int64(start))
        }
    }
}
