import Testing

@testable import SpecFormats
@testable import SpecServer

/// The faster ways of making an answer's bytes make the bytes the plain ways made: the CRC-32
/// eight bytes at a time, Huffman code lengths from a heap, a page's query strings and escapes
/// written as bytes. Each is compared with the plain way, kept here, on many inputs.
@Suite struct FastPathTests {
    @Test func theCRCEightBytesAtATimeIsTheCRCAByteAtATime() {
        var generator = SplitMix(seed: 38)
        for length in Array(0..<40) + [255, 256, 1_000, 4_097, 65_537] {
            let bytes = (0..<length).map { _ in UInt8(truncatingIfNeeded: generator.next()) }
            #expect(CRC32.checksum(bytes) == CRC32.checksumByteByByte(bytes), "\(length) bytes")
        }
    }

    /// Each used symbol's depth as the encoder found it before its heap: the open nodes sorted
    /// by weight, then node, every step.
    static func sortedTreeDepths(_ weights: [Int], symbols: [Int]) -> [Int] {
        var weight = symbols.map { weights[$0] }
        var parent = [Int](repeating: -1, count: symbols.count)
        var open = Array(symbols.indices)
        while open.count > 1 {
            open.sort { weight[$0] != weight[$1] ? weight[$0] < weight[$1] : $0 < $1 }
            let first = open.removeFirst()
            let second = open.removeFirst()
            let node = weight.count
            weight.append(weight[first] + weight[second])
            parent.append(-1)
            parent[first] = node
            parent[second] = node
            open.append(node)
        }
        return symbols.indices.map { leaf in
            var depth = 0
            var node = leaf
            while parent[node] >= 0 {
                node = parent[node]
                depth += 1
            }
            return depth
        }
    }

    /// ``HuffmanCode/lengths(_:limit:)`` with the sorted tree.
    static func sortedLengths(_ frequencies: [Int], limit: Int) -> [UInt8] {
        var weights = frequencies
        var used = weights.indices.filter { weights[$0] > 0 }
        while used.count < 2 {
            let extra = used.contains(0) ? 1 : 0
            weights[extra] = 1
            used = weights.indices.filter { weights[$0] > 0 }
        }
        while true {
            let depths = sortedTreeDepths(weights, symbols: used)
            if depths.allSatisfy({ $0 <= limit }) {
                var lengths = [UInt8](repeating: 0, count: frequencies.count)
                for (index, symbol) in used.enumerated() { lengths[symbol] = UInt8(depths[index]) }
                return lengths
            }
            for symbol in used { weights[symbol] = max(1, weights[symbol] / 2) }
        }
    }

    @Test func huffmanLengthsFromTheHeapAreThoseOfTheSortedTree() {
        var generator = SplitMix(seed: 6)
        for round in 0..<300 {
            let size = [19, 30, 286][round % 3]
            // Few distinct weights (many ties), skewed weights, and zeros.
            let frequencies = (0..<size).map { _ -> Int in
                let draw = generator.next()
                switch round % 4 {
                case 0: return Int(draw % 4)
                case 1: return draw % 3 == 0 ? 0 : 1 << Int(draw % 20)
                case 2: return Int(draw % 1_000)
                default: return draw % 5 == 0 ? Int(draw % 50_000) : 0
                }
            }
            // DEFLATE's limits: 7 bits for the 19-symbol code-length alphabet, 15 for the others
            // (a limit of 7 cannot code more than 128 symbols).
            for limit in size == 19 ? [7, 15] : [15] {
                #expect(
                    HuffmanCode.lengths(frequencies, limit: limit) == Self.sortedLengths(frequencies, limit: limit),
                    "round \(round), limit \(limit)")
            }
        }
    }

    @Test func aQueryStringWrittenAsBytesIsTheJoinedOne() {
        let samples: [[(String, String)]] = [
            [], [("", "")], [("font", "sf pro")], [("q", "tab bar & 44×44"), ("limit", "5"), ("offset", "10")],
            [("fields", "id,value"), ("sort", "-size"), ("version", "2026-06-08"), ("format", "html")],
            [("ü", "日本"), ("a=b", "c&d"), ("~._-", "%20+")],
        ]
        for pairs in samples {
            let joined = pairs.map { PercentEncoding.encoded($0.0) + "=" + PercentEncoding.encoded($0.1) }
                .joined(separator: "&")
            #expect(RecordLink.query(pairs) == joined, "\(pairs)")
        }
    }

    @Test func escapingReturnsPlainTextAsItIsAndEscapesTheRestAsBefore() {
        func reference(_ raw: String) -> String {
            let text = ControlCharacters.visible(raw)
            var result = ""
            for scalar in text.unicodeScalars {
                switch scalar {
                case "&": result += "&amp;"
                case "<": result += "&lt;"
                case ">": result += "&gt;"
                case "\"": result += "&quot;"
                case "'": result += "&#39;"
                default: result.unicodeScalars.append(scalar)
                }
            }
            return result
        }
        var samples = [
            "", "plain", "Title 1", "a & b", "<b>", "\"quoted\" 'single'", "tab\tline\nreturn\r", "bell\u{7}",
            "del\u{7F}", "c1\u{85}", "é ü 日本 👍🏽", "©\u{A0}non-break",
        ]
        samples += (0..<256).map { String(UnicodeScalar(UInt8($0))) }
        for sample in samples {
            #expect(HTMLRenderer.escape(sample) == reference(sample), "\(sample.debugDescription)")
        }
    }
}
