import Glibc
import Testing

@testable import HTTPCore

/// Large bodies packed into huge-page chunks of the body file, and the per-second copies that
/// let one `sendfile` carry a response's head with its body.
@Suite struct BodyArenaTests {
    private static func pattern(_ count: Int, seed: Int = 0) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: ($0 + seed) % 251) }
    }

    /// What the body file holds at `offset`.
    private static func fileBytes(at offset: Int64, count: Int) throws -> [UInt8] {
        let file = try #require(BodyFile.shared)
        var read = [UInt8](repeating: 0, count: count)
        let got = read.withUnsafeMutableBytes { pread(file.descriptor, $0.baseAddress, $0.count, off_t(offset)) }
        #expect(got == count)
        return read
    }

    /// Two bodies placed by one arena share one 2 MiB chunk, aligned in the file, each at a
    /// cache-line boundary, and the file holds exactly their bytes.
    @Test func bodiesShareOneAlignedChunk() throws {
        let arena = BodyArena()
        let first = PreparedResponse(status: .ok, headers: [], body: Self.pattern(20_000), arena: arena)
        let second = PreparedResponse(status: .ok, headers: [], body: Self.pattern(30_000, seed: 7), arena: arena)
        #expect(arena.liveChunkCount == 1)
        let firstBody = try #require(first.bodyFileOffset)
        let secondBody = try #require(second.bodyFileOffset)
        let firstStart = firstBody - Int64(first.headCount + 2)
        let secondStart = secondBody - Int64(second.headCount + 2)
        let chunk = Int64(BodyFile.Chunk.size)
        #expect(firstStart % chunk == 0)
        #expect(secondStart / chunk == firstStart / chunk)
        #expect(secondStart % 64 == 0)
        #expect(secondStart >= firstStart + Int64(first.bytes.count))
        #expect(try Self.fileBytes(at: firstBody, count: 20_000) == Self.pattern(20_000))
        #expect(try Self.fileBytes(at: secondBody, count: 30_000) == Self.pattern(30_000, seed: 7))
        #expect(Array(copying: second.body) == Self.pattern(30_000, seed: 7))
    }

    /// Over its chunk limit an arena places nothing (the response gets a range of its own), and
    /// a chunk is freed when the last response in it goes, which makes room again.
    @Test func aChunkLivesAsLongAsItsResponses() throws {
        let arena = BodyArena(chunkLimit: 1)
        let nearlyHalf = BodyArena.largestShared - 1000
        var first: PreparedResponse? = PreparedResponse(
            status: .ok, headers: [], body: Self.pattern(nearlyHalf), arena: arena)
        var second: PreparedResponse? = PreparedResponse(
            status: .ok, headers: [], body: Self.pattern(nearlyHalf, seed: 1), arena: arena)
        let chunkIndex = try #require(first?.bodyFileOffset) / Int64(BodyFile.Chunk.size)
        #expect(try #require(second?.bodyFileOffset) / Int64(BodyFile.Chunk.size) == chunkIndex)
        // Does not fit beside those two, and a second chunk is over the limit.
        let outside = PreparedResponse(status: .ok, headers: [], body: Self.pattern(nearlyHalf, seed: 3), arena: arena)
        #expect(arena.liveChunkCount == 1)
        #expect(try #require(outside.bodyFileOffset) / Int64(BodyFile.Chunk.size) != chunkIndex)
        #expect(Array(copying: outside.body) == Self.pattern(nearlyHalf, seed: 3))
        first = nil
        #expect(arena.liveChunkCount == 1)
        second = nil
        #expect(arena.liveChunkCount == 0)
        let third = PreparedResponse(status: .ok, headers: [], body: Self.pattern(20_000), arena: arena)
        #expect(arena.liveChunkCount == 1)
        #expect(try Self.fileBytes(at: try #require(third.bodyFileOffset), count: 20_000) == Self.pattern(20_000))
        // Too long to share a chunk: a range of its own, whatever the limit.
        let huge = PreparedResponse(
            status: .ok, headers: [], body: Self.pattern(BodyArena.largestShared + 1), arena: arena)
        #expect(arena.liveChunkCount == 1)
        #expect(huge.bodyFileOffset != nil)
    }

    /// A large body kept in memory is not in the file, and gets no dated copy; moved there, it is
    /// the same message with its body in the file, dated like any other. A body under the file's
    /// threshold, or one there already, stays where it is.
    @Test func aBodyKeptInMemoryMovesToTheFileWhenAsked() throws {
        let context = LoopContext(application: EchoApplication(), configuration: .init())
        let body = Self.pattern(40_000)
        let kept = PreparedResponse(
            status: .ok, headers: [("Content-Type", "text/html")], body: body, keptInMemory: true)
        #expect(kept.bodyFileOffset == nil)
        #expect(context.datedCopy(of: kept) == nil)
        let moved = kept.inBodyFile()
        #expect(moved !== kept)
        #expect(Array(copying: moved.bytes) == Array(copying: kept.bytes))
        #expect(Array(copying: moved.body) == body)
        #expect(try Self.fileBytes(at: try #require(moved.bodyFileOffset), count: body.count) == body)
        #expect(context.datedCopy(of: moved) != nil)
        #expect(moved.inBodyFile() === moved)
        let small = PreparedResponse(status: .ok, headers: [], body: Self.pattern(1000), keptInMemory: true)
        #expect(small.inBodyFile() === small)
    }

    /// A dated copy is the whole response with this second's date written in, sent as one body;
    /// the same second gives the same copy, the next second a new one; small bodies get none.
    @Test func aDatedCopyIsTheWholeResponseForOneSecond() throws {
        let context = LoopContext(application: EchoApplication(), configuration: .init())
        let body = Self.pattern(40_000)
        let response = PreparedResponse(status: .ok, headers: [("Content-Type", "text/csv")], body: body)
        let copy = try #require(context.datedCopy(of: response))
        let firstDate = context.dateCache.bytes
        var expected = Array(copying: response.bytes)
        expected.replaceSubrange(response.dateOffset..<(response.dateOffset + 29), with: Array(copying: firstDate.span))
        #expect(Array(copying: copy.body) == expected)
        #expect(copy.bodyCount == response.bytes.count)
        #expect(try Self.fileBytes(at: try #require(copy.bodyFileOffset), count: expected.count) == expected)
        #expect(context.datedCopy(of: response) === copy)

        context.dateCache.refresh(now: context.dateCache.second + 1)
        let next = try #require(context.datedCopy(of: response))
        #expect(next !== copy)
        let dateRange = response.dateOffset..<(response.dateOffset + 29)
        let nextDate = context.dateCache.bytes
        let date = Array(copying: next.body.extracting(dateRange))
        #expect(date == Array(copying: nextDate.span))
        #expect(date != Array(copying: copy.body.extracting(dateRange)))
        // The old copy is still whole for a connection that holds it.
        #expect(Array(copying: copy.body) == expected)

        let small = PreparedResponse(status: .ok, headers: [], body: Self.pattern(1000))
        #expect(context.datedCopy(of: small) == nil)
    }

    /// After a second in which a loop made no copy, its chunk of copies is unmapped as soon as
    /// the last connection holding a copy lets go; until then it stays.
    @Test func anIdleLoopGivesBackItsCopies() throws {
        let context = LoopContext(application: EchoApplication(), configuration: .init())
        let response = PreparedResponse(status: .ok, headers: [], body: Self.pattern(40_000))
        var held = Optional(try #require(context.datedCopy(of: response)))
        #expect(context.datedChunkCount == 1)
        // The next second: last second's copies are dropped, but copies were made, so the
        // chunk keeps filling.
        context.dateCache.refresh(now: context.dateCache.second + 1)
        context.dropStaleDatedCopies()
        #expect(context.datedChunkCount == 1)
        // A second with no copy: the arena lets go; a connection still holds one copy.
        context.dateCache.refresh(now: context.dateCache.second + 1)
        context.dropStaleDatedCopies()
        #expect(context.datedChunkCount == 1)
        #expect(held?.bodyCount == response.bodyStart + response.bodyCount)
        held = nil
        #expect(context.datedChunkCount == 0)
        // Asked again, the loop maps a new chunk.
        #expect(context.datedCopy(of: response) != nil)
        #expect(context.datedChunkCount == 1)
    }
}
