/// Finds where a JSONPath (`$.metrics[12].citations`) sits in a document's text, so a fault the
/// loader reports by path can also be reported as `file:line:column`.
///
/// Only run when a fault is reported, over text that has already parsed: it skips values without
/// building them. Where the path's last member is missing (a required field), the position is the
/// deepest part of the path that exists, usually the record's opening brace.
package enum JSONLocator {
    /// The 1-based line and column (in characters) of the value at `path`, or of its deepest
    /// existing ancestor.
    package static func position(of path: String, in bytes: [UInt8]) -> (line: Int, column: Int) {
        // Only run when a fault is reported: the array's bounds checks cost nothing that matters.
        var scanner = Scanner(bytes: bytes)
        let offset = scanner.locate(segments(of: path))
        return lineAndColumn(at: offset, in: bytes)
    }

    package enum Segment: Equatable {
        case key(String)
        case index(Int)
    }

    /// `$.a[2].b` as `[.key("a"), .index(2), .key("b")]`.
    package static func segments(of path: String) -> [Segment] {
        var result: [Segment] = []
        var rest = Substring(path.hasPrefix("$") ? path.dropFirst() : Substring(path))
        while let first = rest.first {
            if first == "." {
                rest = rest.dropFirst()
                let end = rest.firstIndex { $0 == "." || $0 == "[" } ?? rest.endIndex
                result.append(.key(String(rest[..<end])))
                rest = rest[end...]
            } else if first == "[" {
                let end = rest.firstIndex(of: "]") ?? rest.endIndex
                result.append(.index(Int(rest.dropFirst()[..<end]) ?? 0))
                rest = end < rest.endIndex ? rest[rest.index(after: end)...] : rest[end...]
            } else {
                break
            }
        }
        return result
    }

    package static func lineAndColumn(at offset: Int, in bytes: [UInt8]) -> (line: Int, column: Int) {
        var line = 1
        var column = 1
        for byte in bytes[..<min(offset, bytes.count)] {
            if byte == UInt8(ascii: "\n") {
                line += 1
                column = 1
            } else if byte & 0xC0 != 0x80 {
                // Count characters, not bytes: continuation bytes of UTF-8 do not start one.
                column += 1
            }
        }
        return (line, column)
    }

    private struct Scanner {
        let bytes: [UInt8]
        var position = 0

        /// The offset of the value at `segments`, or of the deepest one found.
        mutating func locate(_ segments: [Segment]) -> Int {
            skipWhitespace()
            var found = position
            for segment in segments {
                guard position < bytes.count else { return found }
                switch segment {
                case .key(let name):
                    guard bytes[position] == UInt8(ascii: "{") else { return found }
                    position += 1
                    guard findMember(name) else { return found }
                case .index(let index):
                    guard bytes[position] == UInt8(ascii: "[") else { return found }
                    position += 1
                    guard findElement(index) else { return found }
                }
                found = position
            }
            return found
        }

        private mutating func findMember(_ name: String) -> Bool {
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: "\"") else { return false }
                let key = readString()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ":") else { return false }
                position += 1
                skipWhitespace()
                if key == name { return true }
                skipValue()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return false }
                position += 1
            }
        }

        private mutating func findElement(_ index: Int) -> Bool {
            var current = 0
            while true {
                skipWhitespace()
                guard position < bytes.count, bytes[position] != UInt8(ascii: "]") else { return false }
                if current == index { return true }
                skipValue()
                skipWhitespace()
                guard position < bytes.count, bytes[position] == UInt8(ascii: ",") else { return false }
                position += 1
                current += 1
            }
        }

        private mutating func skipWhitespace() {
            while position < bytes.count,
                [UInt8(ascii: " "), UInt8(ascii: "\n"), UInt8(ascii: "\r"), UInt8(ascii: "\t")].contains(
                    bytes[position])
            {
                position += 1
            }
        }

        /// Reads a string at `position` (its opening quote) and returns its raw text; escapes are
        /// kept as written, which is enough to compare the data file's plain keys.
        private mutating func readString() -> String {
            position += 1
            let start = position
            while position < bytes.count, bytes[position] != UInt8(ascii: "\"") {
                position += bytes[position] == UInt8(ascii: "\\") ? 2 : 1
            }
            let text = String(decoding: bytes[start..<min(position, bytes.count)], as: UTF8.self)
            position += 1
            return text
        }

        private mutating func skipValue() {
            guard position < bytes.count else { return }
            switch bytes[position] {
            case UInt8(ascii: "\""):
                _ = readString()
            case UInt8(ascii: "{"), UInt8(ascii: "["):
                var depth = 0
                while position < bytes.count {
                    let byte = bytes[position]
                    if byte == UInt8(ascii: "\"") {
                        _ = readString()
                        continue
                    }
                    if byte == UInt8(ascii: "{") || byte == UInt8(ascii: "[") { depth += 1 }
                    if byte == UInt8(ascii: "}") || byte == UInt8(ascii: "]") { depth -= 1 }
                    position += 1
                    if depth == 0 { return }
                }
            default:
                while position < bytes.count,
                    ![
                        UInt8(ascii: ","), UInt8(ascii: "}"), UInt8(ascii: "]"), UInt8(ascii: " "), UInt8(ascii: "\n"),
                        UInt8(ascii: "\r"), UInt8(ascii: "\t"),
                    ]
                    .contains(bytes[position])
                {
                    position += 1
                }
            }
        }
    }
}
