extension StringProtocol where SubSequence == Substring {
    /// The text without the leading and trailing characters `drop` accepts: the one trimming
    /// helper, Foundation-free.
    public func trimming(while drop: (Character) -> Bool) -> Substring {
        guard let first = firstIndex(where: { !drop($0) }), let last = lastIndex(where: { !drop($0) }) else {
            return self[endIndex...]
        }
        return self[first...last]
    }

    /// The text without leading and trailing whitespace of any kind (a query value's padding,
    /// a header line's CR LF).
    public var trimmingWhitespace: String {
        // A text that starts and ends with a visible ASCII character has nothing to trim: no
        // whitespace character ends in such a byte, nor forms one character with it. Most
        // values are such, and walking characters costs far more than reading two bytes.
        let text = String(self)
        if let first = text.utf8.first, let last = text.utf8.last, (0x21...0x7E).contains(first),
            (0x21...0x7E).contains(last)
        {
            return text
        }
        return String(text.trimming(while: \.isWhitespace))
    }
}
