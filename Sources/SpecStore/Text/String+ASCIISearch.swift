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

extension String {
    /// The text's parts between each `separator` (an ASCII character), empty parts left out:
    /// what `split(separator:)` gives, made from the UTF-8 bytes for an ASCII text (an id or a
    /// key), where the standard library steps character by character (a sixth of a never-seen
    /// token file, whose every path is an id split at its dots). Any other text is split by
    /// characters, as a combining mark after the separator joins it to another character.
    package func splitASCII(_ separator: Character) -> [String] {
        guard let wanted = separator.asciiValue else { return split(separator: separator).map(String.init) }
        var parts: [String] = []
        var part: [UInt8] = []
        for byte in utf8 {
            guard byte < 0x80 else { return split(separator: separator).map(String.init) }
            guard byte == wanted else {
                part.append(byte)
                continue
            }
            if !part.isEmpty { parts.append(String(decoding: part, as: UTF8.self)) }
            part.removeAll(keepingCapacity: true)
        }
        if !part.isEmpty { parts.append(String(decoding: part, as: UTF8.self)) }
        return parts
    }
}
