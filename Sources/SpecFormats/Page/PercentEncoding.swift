import SystemSupport

/// Percent-encoding (RFC 3986 §2.1): each byte a text may not hold as itself written `%XX`.
/// The one encoder behind record links, query strings, Markdown link targets and note fields;
/// each caller says which bytes stay.
package enum PercentEncoding {
    /// `text` with every byte `keep` refuses written `%XX`, in upper-case hex (RFC 3986 §2.1
    /// recommends it) or, with `lowercaseHex`, lower-case (RFC 9651 §4.1.11 requires it).
    package static func encoded(_ text: String, lowercaseHex: Bool = false, keeping keep: (UInt8) -> Bool) -> String {
        let digits = lowercaseHex ? lowercaseDigits : uppercaseDigits
        // Bytes, made a string once: appending to a string's scalars one at a time costs a
        // call and a check per byte, which made a record's note fields a tenth of its answer.
        var result: [UInt8] = []
        result.reserveCapacity(text.utf8.count + 16)
        write(text, digits: digits, keeping: keep, to: &result)
        return String(decoding: result, as: UTF8.self)
    }

    /// `text` as ``encoded(_:)`` writes it, appended to `bytes`; `keep` the bytes that stay
    /// (the unreserved ones unless a caller keeps more).
    /// Inlined, so a caller's test on each byte is not a call through a closure.
    @inline(__always)
    package static func append(
        _ text: String, to bytes: inout [UInt8], keeping keep: (UInt8) -> Bool = isUnreserved
    ) {
        // A page writes many links, and most names and values need no escape throughout: those
        // are copied whole rather than byte by byte (looked at through the bytes' span, as
        // `allSatisfy` on the UTF-8 view steps index by index).
        let span = text.utf8.span
        for index in span.indices where !keep(span[index]) {
            return write(text, digits: uppercaseDigits, keeping: keep, to: &bytes)
        }
        CLibrary.appendUTF8(of: text, to: &bytes)
    }

    /// The one loop both forms share: each byte of `text` that `keep` takes as itself, every
    /// other as `%` and two of `digits`. Inlined, so the test on each byte is not a call.
    @inline(__always)
    private static func write(
        _ text: String, digits: [UInt8], keeping keep: (UInt8) -> Bool, to bytes: inout [UInt8]
    ) {
        for byte in text.utf8 {
            if keep(byte) {
                bytes.append(byte)
            } else {
                bytes.append(UInt8(ascii: "%"))
                bytes.append(digits[Int(byte >> 4)])
                bytes.append(digits[Int(byte & 0x0F)])
            }
        }
    }

    /// A path segment or query value: unreserved characters stay, every other byte is `%XX`.
    package static func encoded(_ text: String) -> String {
        encoded(text, keeping: isUnreserved)
    }

    /// RFC 3986 §2.3's unreserved characters: letters, digits, `-`, `.`, `_`, `~`.
    package static func isUnreserved(_ byte: UInt8) -> Bool {
        switch byte {
        case UInt8(ascii: "a")...UInt8(ascii: "z"), UInt8(ascii: "A")...UInt8(ascii: "Z"),
            UInt8(ascii: "0")...UInt8(ascii: "9"), UInt8(ascii: "-"), UInt8(ascii: "."), UInt8(ascii: "_"),
            UInt8(ascii: "~"):
            true
        default: false
        }
    }

    private static let uppercaseDigits = Array("0123456789ABCDEF".utf8)
    private static let lowercaseDigits = Array("0123456789abcdef".utf8)
}
