import SystemSupport

extension String {
    /// Whether the text holds `needle`, an ASCII string, as whole characters: what the standard
    /// library's `contains(_:)` answers, found with `memchr` and `memcmp` on the UTF-8 bytes
    /// rather than by a generic character searcher, which took half the time of a never-seen
    /// Markdown table whose cells it scanned for URLs.
    ///
    /// An ASCII character is its one scalar, with no other canonical spelling, so the needle
    /// occurs as characters exactly where its bytes occur starting and ending on character
    /// boundaries (a combining mark after the last byte joins that character to the next).
    package func containsASCII(_ needle: String) -> Bool {
        precondition(needle.utf8.allSatisfy { $0 < 0x80 }, "an ASCII needle")
        let bytes = utf8.span
        let wanted = needle.utf8.span
        var from = 0
        while from < bytes.count,
            let found = CLibrary.firstOffset(of: wanted, in: bytes.extracting(from...)).map({ $0 + from })
        {
            let start = utf8.index(utf8.startIndex, offsetBy: found)
            let end = utf8.index(start, offsetBy: wanted.count)
            if String.Index(start, within: self) != nil, String.Index(end, within: self) != nil { return true }
            from = found + 1
        }
        return false
    }
}
