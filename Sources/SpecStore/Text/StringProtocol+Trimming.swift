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
    public var trimmingWhitespace: String { String(trimming(while: \.isWhitespace)) }
}
