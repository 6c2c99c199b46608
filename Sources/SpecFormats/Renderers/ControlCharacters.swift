/// Makes control characters in text visible before a text format writes it.
///
/// A caller's text (a check item's `id`, say) may hold any character JSON can carry. Written raw,
/// a NUL, an escape sequence or a C1 control would reach a terminal or a spreadsheet as
/// control, and HTML forbids them outright (HTML §13.2.5, control-character-in-input-stream).
/// Each C0 control and DEL becomes its Unicode control picture (U+0001 → `␁`), so what was
/// sent can still be read, and each C1 control becomes U+FFFD.
package enum ControlCharacters {
    /// `text` with every control character but tab, line feed and carriage return made visible
    /// (those three the formats handle themselves).
    package static func visible(_ text: String) -> String {
        // On UTF-8 bytes: a C0 control or DEL is one ASCII byte; a C1 control starts with 0xC2.
        guard text.utf8.contains(where: needsVisible) else { return text }
        var result = String.UnicodeScalarView()
        for scalar in text.unicodeScalars {
            switch scalar.value {
            case 0x09, 0x0A, 0x0D: result.append(scalar)
            case 0x00..<0x20: result.append(Unicode.Scalar(0x2400 + scalar.value)!)
            case 0x7F: result.append("\u{2421}")
            case 0x80..<0xA0: result.append("\u{FFFD}")
            default: result.append(scalar)
            }
        }
        return String(result)
    }

    /// Whether UTF-8 `bytes` hold a character ``visible(_:)`` changes.
    package static func needsVisible(_ bytes: Span<UInt8>) -> Bool {
        for index in bytes.indices where needsVisible(bytes[index]) { return true }
        return false
    }

    /// Whether a UTF-8 byte may start a character ``visible(_:)`` changes: a C0 control or DEL
    /// is one ASCII byte; a C1 control starts with 0xC2 (as do other characters, which it keeps).
    package static func needsVisible(_ byte: UInt8) -> Bool {
        (byte < 0x20 && !isLayout(byte)) || byte == 0x7F || byte == 0xC2
    }

    private static func isLayout(_ byte: UInt8) -> Bool { byte == 0x09 || byte == 0x0A || byte == 0x0D }
}
