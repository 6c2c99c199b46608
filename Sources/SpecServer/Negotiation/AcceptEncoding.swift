import HTTPCore

/// What a request's `Accept-Encoding` fields say of gzip (RFC 9110 §12.5.3), read from the
/// request's bytes without copying them: it runs on every request for a large answer.
struct AcceptEncoding {
    /// Weights in thousandths, `nil` where the field does not name the coding.
    private(set) var gzip: Int?
    private(set) var identity: Int?
    private(set) var any: Int?

    /// Reads every `Accept-Encoding` field of `headers`.
    init(_ headers: borrowing HTTPHeaders) {
        var result = AcceptEncoding(gzip: nil, identity: nil, any: nil)
        headers.forEachValue(named: "Accept-Encoding") { value in result.read(value.span) }
        self = result
    }

    private init(gzip: Int?, identity: Int?, any: Int?) {
        (self.gzip, self.identity, self.any) = (gzip, identity, any)
    }

    /// Reads one field value (for tests, and for each field of a request).
    init(field: Span<UInt8>) {
        self.init(gzip: nil, identity: nil, any: nil)
        read(field)
    }

    /// Whether to answer in gzip: the request weighs gzip (by name, `x-gzip`, or `*`) above zero
    /// and no lower than the identity coding. Identity is acceptable unless the field excludes it
    /// (`identity;q=0`, or `*;q=0` without naming it); a tie goes to gzip, the smaller answer.
    var prefersGzip: Bool {
        let gzipWeight = gzip ?? any ?? 0
        let identityWeight = identity ?? any ?? 1000
        return gzipWeight > 0 && gzipWeight >= identityWeight
    }

    private mutating func read(_ field: Span<UInt8>) {
        var start = 0
        while start < field.count {
            var end = start
            while end < field.count, field[end] != UInt8(ascii: ",") { end += 1 }
            readMember(field, start, end)
            start = end + 1
        }
    }

    /// One `coding [; q=value]` member between `start` and `end`; a malformed one is skipped.
    private mutating func readMember(_ field: Span<UInt8>, _ start: Int, _ end: Int) {
        var tokenStart = start
        while tokenStart < end, Self.isSpace(field[tokenStart]) { tokenStart += 1 }
        var tokenEnd = tokenStart
        while tokenEnd < end, field[tokenEnd] != UInt8(ascii: ";"), !Self.isSpace(field[tokenEnd]) { tokenEnd += 1 }
        guard tokenEnd > tokenStart else { return }
        var weight = 1000
        var index = tokenEnd
        while index < end, field[index] != UInt8(ascii: ";") {
            guard Self.isSpace(field[index]) else { return }
            index += 1
        }
        if index < end {
            // Parameters: only `q` is defined for Accept-Encoding.
            index += 1
            while index < end, Self.isSpace(field[index]) { index += 1 }
            guard index + 1 < end, field[index] | 0x20 == UInt8(ascii: "q"), field[index + 1] == UInt8(ascii: "=")
            else { return }
            var valueEnd = end
            while valueEnd > index + 2, Self.isSpace(field[valueEnd - 1]) { valueEnd -= 1 }
            guard let parsed = Self.qValue(field, index + 2, valueEnd) else { return }
            weight = parsed
        }
        if Self.equalsIgnoringCase(field, tokenStart, tokenEnd, "gzip")
            || Self.equalsIgnoringCase(field, tokenStart, tokenEnd, "x-gzip")
        {
            gzip = max(gzip ?? 0, weight)
        } else if Self.equalsIgnoringCase(field, tokenStart, tokenEnd, "identity") {
            identity = weight
        } else if tokenEnd - tokenStart == 1, field[tokenStart] == UInt8(ascii: "*") {
            any = weight
        }
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    private static func qValue(_ field: Span<UInt8>, _ start: Int, _ end: Int) -> Int? {
        guard start < end, field[start] == UInt8(ascii: "0") || field[start] == UInt8(ascii: "1") else { return nil }
        var value = Int(field[start] - UInt8(ascii: "0")) * 1000
        guard end - start > 1 else { return value }
        guard field[start + 1] == UInt8(ascii: "."), end - start <= 5 else { return nil }
        var scale = 100
        for index in (start + 2)..<end {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(field[index]) else { return nil }
            value += Int(field[index] - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    private static func isSpace(_ byte: UInt8) -> Bool {
        byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t")
    }

    private static func equalsIgnoringCase(_ field: Span<UInt8>, _ start: Int, _ end: Int, _ text: String) -> Bool {
        let bytes = text.utf8.span
        guard end - start == bytes.count else { return false }
        for offset in 0..<bytes.count where field[start + offset] | 0x20 != bytes[offset] | 0x20 {
            return false
        }
        return true
    }
}
