/// Base64 (RFC 4648 §4) decoding, for the `=?base64?…?=` form of an MCP header value.
package enum Base64 {
    /// The bytes `text` encodes, or `nil` unless it is canonical padded Base64 (a length that is
    /// a multiple of four, `=` only at the end, no bits left over).
    package static func decode(_ text: Substring) -> [UInt8]? {
        let input = Array(text.utf8)
        guard input.count % 4 == 0 else { return nil }
        var output: [UInt8] = []
        output.reserveCapacity(input.count / 4 * 3)
        var index = 0
        while index < input.count {
            let isLast = index + 4 == input.count
            var quad: UInt32 = 0
            var padding = 0
            for offset in 0..<4 {
                let byte = input[index + offset]
                if byte == UInt8(ascii: "=") {
                    // Padding only ends the last group, and only its last one or two places.
                    guard isLast, offset >= 2 else { return nil }
                    padding += 1
                    quad <<= 6
                    continue
                }
                guard padding == 0, let value = sextet(byte) else { return nil }
                quad = quad << 6 | UInt32(value)
            }
            let group = [UInt8(quad >> 16 & 0xFF), UInt8(quad >> 8 & 0xFF), UInt8(quad & 0xFF)]
            // Canonical: the bits the padding drops are zero.
            if padding == 2, group[1] != 0 || group[2] != 0 { return nil }
            if padding == 1, group[2] != 0 { return nil }
            output += group.prefix(3 - padding)
            index += 4
        }
        return output
    }

    private static func sextet(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "A")...UInt8(ascii: "Z"): byte - UInt8(ascii: "A")
        case UInt8(ascii: "a")...UInt8(ascii: "z"): byte - UInt8(ascii: "a") + 26
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0") + 52
        case UInt8(ascii: "+"): 62
        case UInt8(ascii: "/"): 63
        default: nil
        }
    }
}
