import Foundation
import SystemSupport
import Testing

@testable import SpecServer

/// The project's own DEFLATE encoder and gzip framing, decoded by zlib (Python's `gzip` module):
/// what a client's zlib reads is the test, not the encoder's own idea of its output.
@Suite struct GzipTests {
    /// `bytes` gunzipped by zlib, or the decoder's complaint.
    static func zlibDecompress(_ bytes: [UInt8]) throws -> Result<[UInt8], ZlibError> {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            "import sys, gzip; sys.stdout.buffer.write(gzip.decompress(sys.stdin.buffer.read()))",
        ]
        let input = Pipe()
        let output = Pipe()
        let error = Pipe()
        process.standardInput = input
        process.standardOutput = output
        process.standardError = error
        try process.run()
        // Write from another thread: a large output could fill its pipe while this one writes.
        let writer = Thread {
            input.fileHandleForWriting.write(Data(bytes))
            try? input.fileHandleForWriting.close()
        }
        writer.start()
        let data = output.fileHandleForReading.readDataToEndOfFile()
        let complaint = error.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            return .failure(ZlibError(message: String(decoding: complaint, as: UTF8.self)))
        }
        return .success([UInt8](data))
    }

    struct ZlibError: Error, CustomStringConvertible {
        var message: String
        var description: String { message }
    }

    /// Inputs that reach each part of the encoder: empty, one byte, long runs (distance 1,
    /// matches of 258), text, bytes that do not compress (stored-like blocks of literals), and
    /// more symbols than one block holds.
    static let inputs: [(name: String, bytes: [UInt8])] = {
        var generator = SplitMix(seed: 26)
        let random = (0..<70_000).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
        let text = Array(
            String(repeating: "{\"id\":\"metric.controls.ios.minimum-size\",\"width\":28,\"height\":28},", count: 900)
                .utf8)
        let lowEntropy = (0..<200_000).map { _ in UInt8(ascii: "a") + UInt8(truncatingIfNeeded: generator.next() % 3) }
        return [
            ("empty", []), ("one byte", [0x41]), ("two bytes", [0, 255]),
            ("a run", [UInt8](repeating: 7, count: 100_000)), ("text", text), ("random", random),
            ("low entropy", lowEntropy), ("every byte", (0...255).map { UInt8($0) }),
        ]
    }()

    @Test(arguments: inputs.indices)
    func zlibDecodesWhatTheEncoderWrites(_ index: Int) throws {
        let (name, bytes) = Self.inputs[index]
        let compressed = Gzip.compress(bytes)
        let decoded = try Self.zlibDecompress(compressed).get()
        #expect(decoded == bytes, "\(name): \(decoded.count) bytes back of \(bytes.count)")
    }

    @Test(arguments: inputs.indices)
    func zlibDecodesWhatTheFastLevelWrites(_ index: Int) throws {
        let (name, bytes) = Self.inputs[index]
        let compressed = Gzip.compress(bytes, level: .fast)
        let decoded = try Self.zlibDecompress(compressed).get()
        #expect(decoded == bytes, "\(name): \(decoded.count) bytes back of \(bytes.count)")
        #expect(Gzip.compress(bytes, level: .fast) == compressed, "\(name): the same bytes compress the same")
    }

    /// The fast level's hash tables are kept between answers (`DeflateEncoder.ChainTables`): what
    /// an earlier input left in them, on this thread or another at the same time, changes nothing.
    @Test func theFastLevelsKeptTablesLeaveNoTrace() {
        let expected = Self.inputs.map { Gzip.compress($0.bytes, level: .fast) }
        for (index, input) in Self.inputs.enumerated().reversed() {
            #expect(Gzip.compress(input.bytes, level: .fast) == expected[index], "\(input.name), after the others")
        }
        let results = Locked([[UInt8]?](repeating: nil, count: 4 * Self.inputs.count))
        DispatchQueue.concurrentPerform(iterations: 4 * Self.inputs.count) { turn in
            let compressed = Gzip.compress(Self.inputs[turn % Self.inputs.count].bytes, level: .fast)
            results.withLock { $0[turn] = compressed }
        }
        let all = results.withLock { $0 }
        for (turn, compressed) in all.enumerated() {
            #expect(
                compressed == expected[turn % Self.inputs.count],
                "\(Self.inputs[turn % Self.inputs.count].name), at once")
        }
    }

    @Test func theFastLevelCostsLittleOfTheRatio() throws {
        let export = ApplicationHarness.shared.request(.get, "/v1/export").body
        let standard = Gzip.compress(export)
        let fast = Gzip.compress(export, level: .fast)
        #expect(try Self.zlibDecompress(fast).get() == export)
        // zlib's level 1 makes about 1.3 times its level 6 of text like this.
        #expect(Double(fast.count) < Double(standard.count) * 1.5, "\(fast.count) against \(standard.count)")
    }

    @Test func lengthAndDistanceCodesAreTheSearchedOnes() {
        for length in DeflateEncoder.minimumMatch...DeflateEncoder.maximumMatch {
            var index = DeflateEncoder.lengthBases.count - 1
            while DeflateEncoder.lengthBases[index] > length { index -= 1 }
            let code = DeflateEncoder.lengthCode(length)
            #expect(code.code == 257 + index && code.extra == length - DeflateEncoder.lengthBases[index], "\(length)")
            #expect(code.extraBits == DeflateEncoder.lengthExtraBits[index], "\(length)")
        }
        var wrong = 0
        for distance in 1...DeflateEncoder.windowSize {
            var index = DeflateEncoder.distanceBases.count - 1
            while DeflateEncoder.distanceBases[index] > distance { index -= 1 }
            let code = DeflateEncoder.distanceCode(distance)
            if code.code != index || code.extra != distance - DeflateEncoder.distanceBases[index]
                || code.extraBits != DeflateEncoder.distanceExtraBits[index]
            {
                wrong += 1
            }
        }
        #expect(wrong == 0, "\(wrong) distances coded unlike the search of the table")
    }

    @Test func theCRCIsTheStandardOne() {
        // The check value of CRC-32/ISO-HDLC.
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([]) == 0)
    }

    /// A run's part of the checksum worked out once gives what reading the run gives, from any
    /// register: empty runs, short ones, and the style sheet itself between random bytes.
    @Test func aKnownRunReadsAsItsBytesWould() {
        var random = SplitMix(seed: 38)
        func bytes(_ count: Int) -> [UInt8] { (0..<count).map { _ in UInt8(truncatingIfNeeded: random.next()) } }
        let runs = [[], [0], [0xFF], bytes(7), bytes(8), bytes(100), DeflatedSegment.siteStyle.bytes]
        for run in runs {
            let known = CRC32.KnownRun(run)
            for (beforeCount, afterCount) in [(0, 0), (1, 0), (0, 3), (13, 29), (1000, 77)] {
                let before = bytes(beforeCount)
                let after = bytes(afterCount)
                let read = CRC32.update(
                    known.read(after: CRC32.update(CRC32.start, with: before.span)), with: after.span)
                #expect(
                    CRC32.finish(read) == CRC32.checksumByteByByte(before + run + after),
                    "a run of \(run.count) between \(beforeCount) and \(afterCount) bytes")
            }
        }
    }

    @Test func theWholeStoreCompressesAsZlibDoes() throws {
        let export = ApplicationHarness.shared.request(.get, "/v1/export").body
        let compressed = Gzip.compress(export)
        #expect(try Self.zlibDecompress(compressed).get() == export)
        // zlib's default level makes about a tenth of it; the encoder is held to within a
        // half again of that.
        #expect(Double(compressed.count) < Double(export.count) * 0.16, "\(compressed.count) of \(export.count)")
    }

    /// The code lengths are the depths of the tree that merges the two lightest open nodes
    /// each step, a tie going to the node made first (leaves in symbol order, then merges):
    /// the rule that makes equal input give equal bytes, checked against the rule written
    /// plainly (sorting every open node each step) over ties, skewed and random weights.
    @Test func codeLengthsAreThoseOfTheLightestFirstTree() {
        func plainLengths(_ frequencies: [Int]) -> [UInt8] {
            let used = frequencies.indices.filter { frequencies[$0] > 0 }
            var weight = used.map { frequencies[$0] }
            var parent = [Int](repeating: -1, count: used.count)
            var open = Array(used.indices)
            while open.count > 1 {
                open.sort { weight[$0] != weight[$1] ? weight[$0] < weight[$1] : $0 < $1 }
                let (first, second) = (open.removeFirst(), open.removeFirst())
                weight.append(weight[first] + weight[second])
                parent.append(-1)
                parent[first] = weight.count - 1
                parent[second] = weight.count - 1
                open.append(weight.count - 1)
            }
            var lengths = [UInt8](repeating: 0, count: frequencies.count)
            for (leaf, symbol) in used.enumerated() {
                var node = leaf
                while parent[node] >= 0 {
                    node = parent[node]
                    lengths[symbol] += 1
                }
            }
            return lengths
        }
        var generator = SplitMix(seed: 38)
        var cases: [[Int]] = [
            [Int](repeating: 4, count: 286), [1, 1, 1, 1, 2, 2, 3, 0, 0, 5, 8, 8, 8],
            (0..<30).map { $0 % 3 == 0 ? 0 : 7 }, (0..<19).map { 19 - $0 },
        ]
        for _ in 0..<20 { cases.append((0..<286).map { _ in Int(generator.next() % 9) * Int(generator.next() % 40) }) }
        for frequencies in cases {
            #expect(HuffmanCode.lengths(frequencies, limit: 15) == plainLengths(frequencies), "\(frequencies)")
        }
    }

    @Test func codesAreCompleteAndWithinTheirLimit() {
        // Fibonacci frequencies make the deepest possible tree: 30 symbols want depth 29.
        var frequencies = [1, 1]
        while frequencies.count < 30 {
            frequencies.append(frequencies[frequencies.count - 1] + frequencies[frequencies.count - 2])
        }
        for limit in [7, 15] {
            let lengths = HuffmanCode.lengths(frequencies, limit: limit)
            #expect(lengths.allSatisfy { $0 >= 1 && Int($0) <= limit })
            // Kraft's sum of a complete code is exactly 1.
            let kraft = lengths.reduce(0.0) { $0 + 1 / Double(1 << Int($1)) }
            #expect(kraft == 1, "limit \(limit): \(kraft)")
        }
        let single = HuffmanCode.lengths([0, 0, 5, 0], limit: 15)
        #expect(single.filter { $0 > 0 }.count == 2, "one used symbol still gets a complete code")
    }
}

/// A small deterministic generator, so the random inputs are the same in every run.
struct SplitMix {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
