// Unsafe: the escaped bytes are written into an array's uninitialized capacity, counted first.

/// The inside of a JSON string literal (RFC 8259 §7), for text that holds characters to escape.
package enum JSONEscaping {
    /// Appends `utf8` to `bytes` with `"` and `\` escaped by a backslash, and every control
    /// character as `\n`, `\r`, `\t`, `\b`, `\f` or `\u00XX`.
    ///
    /// Text with many escapes (a JSON document carried as a string) was copied run by run, one
    /// append for each run and each escape: about 35 instructions a byte for a JSON answer. This
    /// counts the bytes the escaped text takes, then writes them in one pass into one block.
    package static func append(_ utf8: Span<UInt8>, to bytes: inout [UInt8]) {
        utf8.withUnsafeBufferPointer { source in
            guard let start = source.baseAddress else { return }
            let count = source.count
            var escapedCount = count
            for index in 0..<count {
                let byte = start[index]
                if byte < 0x20 || byte == 0x22 || byte == 0x5C {
                    escapedCount += byte >= 0x20 || shortEscape(byte) != 0 ? 1 : 5
                }
            }
            let escaped = [UInt8](unsafeUninitializedCapacity: escapedCount) { buffer, initialized in
                let target = buffer.baseAddress!
                var out = 0
                for index in 0..<count {
                    let byte = start[index]
                    if byte >= 0x20 && byte != 0x22 && byte != 0x5C {
                        target[out] = byte
                        out += 1
                        continue
                    }
                    target[out] = 0x5C
                    let letter = byte >= 0x20 ? byte : shortEscape(byte)
                    if letter != 0 {
                        target[out + 1] = letter
                        out += 2
                    } else {
                        target[out + 1] = UInt8(ascii: "u")
                        target[out + 2] = UInt8(ascii: "0")
                        target[out + 3] = UInt8(ascii: "0")
                        target[out + 4] = hexDigit(byte >> 4)
                        target[out + 5] = hexDigit(byte & 0xF)
                        out += 6
                    }
                }
                precondition(out == escapedCount, "the escaped text is not the length counted")
                initialized = out
            }
            bytes.append(contentsOf: escaped)
        }
    }

    /// The letter after the backslash of a control character's short escape, or 0 for one
    /// written `\u00XX`.
    @inline(__always)
    private static func shortEscape(_ byte: UInt8) -> UInt8 {
        switch byte {
        case 0x0A: UInt8(ascii: "n")
        case 0x0D: UInt8(ascii: "r")
        case 0x09: UInt8(ascii: "t")
        case 0x08: UInt8(ascii: "b")
        case 0x0C: UInt8(ascii: "f")
        default: 0
        }
    }

    @inline(__always)
    private static func hexDigit(_ value: UInt8) -> UInt8 {
        value < 10 ? UInt8(ascii: "0") + value : UInt8(ascii: "a") + value - 10
    }
}
