/// A text format's body as its renderer hands it over: its UTF-8 bytes.
///
/// A renderer that writes bytes (``HTMLRenderer``) hands them on as they are: making a page of
/// bytes a string checked every byte again, a twelfth of a never-seen page's server time, only
/// for the answer to take the bytes back out.
package struct RenderedText: Sendable {
    /// The body's bytes, UTF-8.
    package var utf8: [UInt8]

    /// Text a renderer made as a string.
    package init(_ text: String) {
        utf8 = Array(text.utf8)
    }

    /// Text a renderer wrote as UTF-8 bytes.
    package init(utf8: [UInt8]) {
        self.utf8 = utf8
    }

    /// Whether the body is empty.
    package var isEmpty: Bool { utf8.isEmpty }

    /// The body as a string.
    package var text: String { String(decoding: utf8, as: UTF8.self) }
}
