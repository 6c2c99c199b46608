/// An HTML page's bytes, written in order into one growing buffer: the markup as it is, every
/// value escaped straight into the buffer (as ``HTMLRenderer/escape(_:)`` writes it), and the
/// page made a string once at the end.
///
/// A page built from strings concatenated and interpolated piece by piece spent a fifth of a
/// never-seen page's server time growing and copying those strings; one buffer, reserved once,
/// copies each byte once.
package struct HTMLWriter {
    /// The bytes written so far.
    package private(set) var bytes: [UInt8] = []

    /// An empty page with room for `capacity` bytes before it grows.
    package init(capacity: Int = 0) {
        bytes.reserveCapacity(capacity)
    }

    /// The page as text.
    package var text: String { String(decoding: bytes, as: UTF8.self) }

    /// Appends markup (or text already escaped) as it is.
    package mutating func write(_ markup: String) {
        bytes.append(contentsOf: markup.utf8)
    }

    /// Appends bytes already written as markup (part of a page written once for many places).
    package mutating func write(_ markup: [UInt8]) {
        bytes.append(contentsOf: markup)
    }

    /// Appends a query value percent-encoded (``PercentEncoding/encoded(_:)``), which needs no
    /// further escaping in an attribute.
    package mutating func write(percentEncoding text: String) {
        PercentEncoding.append(text, to: &bytes)
    }

    /// Appends a number in decimal.
    package mutating func write(_ number: Int) {
        guard number != 0 else { return bytes.append(UInt8(ascii: "0")) }
        if number < 0 { bytes.append(UInt8(ascii: "-")) }
        let start = bytes.count
        var rest = number.magnitude
        while rest > 0 {
            bytes.append(UInt8(ascii: "0") + UInt8(rest % 10))
            rest /= 10
        }
        bytes[start...].reverse()
    }

    /// Appends text for element content or a quoted attribute value, escaped as
    /// ``HTMLRenderer/escape(_:)`` escapes it.
    package mutating func write(escaping raw: String) {
        Self.appendEscaped(raw, to: &bytes)
    }

    /// Appends `raw` to `bytes` escaped as ``HTMLRenderer/escape(_:)`` escapes it.
    package static func appendEscaped(_ raw: String, to bytes: inout [UInt8]) {
        // Most values have nothing to replace: one look at their bytes copies them as they are.
        // Bits 0–63 as in `HTMLRenderer.escape`: the controls shown as pictures, and the five
        // bytes HTML escapes.
        let controlBytes: UInt64 = 0xFFFF_FFFF & ~(1 << 0x09 | 1 << 0x0A | 1 << 0x0D)
        let escapedBytes: UInt64 = 1 << 0x22 | 1 << 0x26 | 1 << 0x27 | 1 << 0x3C | 1 << 0x3E
        var replaces = false
        let span = raw.utf8.span
        for index in span.indices {
            let byte = span[index]
            guard byte < 0x40 || byte == 0x7F || byte == 0xC2 else { continue }
            if byte >= 0x40 || controlBytes >> UInt64(byte) & 1 != 0 {
                // Rare: the control pictures are made by the one function that makes them.
                return bytes.append(contentsOf: HTMLRenderer.escape(raw).utf8)
            }
            if escapedBytes >> UInt64(byte) & 1 != 0 { replaces = true }
        }
        guard replaces else { return bytes.append(contentsOf: raw.utf8) }
        for byte in raw.utf8 {
            switch byte {
            case UInt8(ascii: "&"): bytes.append(contentsOf: "&amp;".utf8)
            case UInt8(ascii: "<"): bytes.append(contentsOf: "&lt;".utf8)
            case UInt8(ascii: ">"): bytes.append(contentsOf: "&gt;".utf8)
            case UInt8(ascii: "\""): bytes.append(contentsOf: "&quot;".utf8)
            case UInt8(ascii: "'"): bytes.append(contentsOf: "&#39;".utf8)
            default: bytes.append(byte)
            }
        }
    }

    /// Appends `page`'s link with some parameters changed, as an attribute value
    /// (``PageContext/escapedLink(format:changing:)``).
    package mutating func writeLink(
        _ page: PageContext, format: String? = nil, changing changes: [(String, String?)] = []
    ) {
        page.appendLink(format: format, changing: changes, forHTML: true, to: &bytes)
    }
}
