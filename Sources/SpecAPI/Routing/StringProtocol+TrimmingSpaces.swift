import SpecStore

extension StringProtocol where SubSequence == Substring {
    /// The text without leading and trailing spaces and tabs (HTTP's OWS).
    package var trimmingSpaces: Substring {
        // Spaces and tabs are single bytes that never join another character: when neither end
        // is one, there is nothing to trim, and no character needs walking.
        let text = self[startIndex..<endIndex]
        if let first = text.utf8.first, let last = text.utf8.last, first != UInt8(ascii: " "),
            first != UInt8(ascii: "\t"), last != UInt8(ascii: " "), last != UInt8(ascii: "\t")
        {
            return text
        }
        return text.trimming { $0 == " " || $0 == "\t" }
    }
}
