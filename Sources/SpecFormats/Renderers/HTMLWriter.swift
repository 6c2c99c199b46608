import SystemSupport

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
        CLibrary.appendUTF8(of: markup, to: &bytes)
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
        switch HTMLRenderer.escapeNeed(raw) {
        case .nothing: CLibrary.appendUTF8(of: raw, to: &bytes)
        case .replacements: HTMLRenderer.appendReplacing(raw, to: &bytes)
        // Rare: the control pictures are made by the one function that makes them.
        case .controls: CLibrary.appendUTF8(of: HTMLRenderer.escape(raw), to: &bytes)
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
