/// Finds where a request head ends, resuming where the last read left off, so a head that
/// trickles in byte by byte is scanned once in total (the slowloris guard picohttpparser's
/// `last_len` provides), and enforces the size limits before the head is complete.
struct HeadScanner {
    /// Offset (from the head's start) where the current, unfinished line begins.
    var lineStart: Int32 = 0
    /// Complete lines seen so far (the request line is line 0).
    var lines: Int32 = 0
    /// How far an unfinished request line has been checked, and in which of its parts.
    private var checked: Int32 = 0
    private var part = RequestLinePart.method
    private var versionStart: Int32 = 0

    private enum RequestLinePart: UInt8 {
        case method, target, version, unchecked
    }

    enum Outcome: Equatable {
        case incomplete
        /// The head, through its blank line, is this many bytes long.
        case complete(Int)
        case failed(RequestError)
    }

    /// Scans `bytes` (the head's bytes received so far, starting at its first byte).
    mutating func scan(_ bytes: Span<UInt8>, limits: RequestLimits) -> Outcome {
        if bytes.isEmpty { return .incomplete }
        var position = Int(lineStart)
        while position < bytes.count {
            guard let lf = bytes.firstIndex(of: 0x0A, from: position) else { break }
            // RFC 9112 §2.2: a recipient MAY accept bare LF; we do not, so that no
            // intermediary can disagree with us about where a line ends.
            if lf == 0 || bytes[lf - 1] != 0x0D { return .failed(.bareLineFeed) }
            let next = lf + 1
            if lines == 0 {
                if next > limits.maxRequestLineLength { return .failed(.uriTooLong) }
            } else if next - Int(lineStart) == 2 {
                return next > limits.maxHeaderSectionLength ? .failed(.headerFieldsTooLarge) : .complete(next)
            } else if Int(lines) > limits.maxHeaderFields {
                return .failed(.headerFieldsTooLarge)
            }
            if next > limits.maxHeaderSectionLength { return .failed(.headerFieldsTooLarge) }
            lines += 1
            lineStart = Int32(next)
            position = next
        }
        if lines == 0 && bytes.count > limits.maxRequestLineLength { return .failed(.uriTooLong) }
        if lines == 0, let error = checkUnfinishedRequestLine(bytes) { return .failed(error) }
        if bytes.count > limits.maxHeaderSectionLength { return .failed(.headerFieldsTooLarge) }
        return .incomplete
    }

    /// Checks the bytes of a request line that has no line end yet, so that something that
    /// cannot be a request (a TLS ClientHello, binary noise) is refused at its first wrong byte
    /// instead of waiting for a line end: `method SP request-target SP HTTP-version`
    /// (RFC 9112 §3), with the method a token (RFC 9110 §9.1). Resumes where it stopped, so a
    /// line trickling in is checked once; a complete line is left to the parser. Returns the
    /// refusal, `nil` while the bytes may still become a request line.
    private mutating func checkUnfinishedRequestLine(_ bytes: Span<UInt8>) -> RequestError? {
        var position = Int(checked)
        defer { checked = Int32(position) }
        while position < bytes.count {
            let byte = bytes[position]
            switch part {
            case .method:
                if byte == 0x20 {
                    guard position > 0 else { return .badRequest }
                    part = .target
                } else if byte == 0x0D && position == 0 {
                    part = .unchecked  // an empty line before the request, its LF still to come
                } else if !CharacterClass.isTokenByte(byte) {
                    return .badRequest
                }
            case .target:
                if byte == 0x20 {
                    part = .version
                    versionStart = Int32(position + 1)
                } else if byte == 0x0D {
                    part = .unchecked
                } else if !CharacterClass.isTargetByte(byte) {
                    // The hint the parser gives a whole line with this byte: percent-encode it.
                    return byte >= 0x80 ? .unencodedTarget : .badRequest
                }
            case .version:
                // HTTP-version = "HTTP" "/" DIGIT "." DIGIT (RFC 9112 §2.3)
                let offset = position - Int(versionStart)
                switch offset {
                case 0: guard byte == UInt8(ascii: "H") else { return .badRequest }
                case 1, 2: guard byte == UInt8(ascii: "T") else { return .badRequest }
                case 3: guard byte == UInt8(ascii: "P") else { return .badRequest }
                case 4: guard byte == UInt8(ascii: "/") else { return .badRequest }
                case 5, 7: guard byte &- 0x30 < 10 else { return .badRequest }
                case 6: guard byte == UInt8(ascii: ".") else { return .badRequest }
                case 8: guard byte == 0x0D else { return .badRequest }
                default: return .badRequest
                }
            case .unchecked:
                return nil
            }
            position += 1
        }
        return nil
    }
}
