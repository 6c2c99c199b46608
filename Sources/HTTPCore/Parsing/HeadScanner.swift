import Glibc

/// Finds where a request head ends, resuming where the last read left off, so a head that
/// trickles in byte by byte is scanned once in total (the slowloris guard picohttpparser's
/// `last_len` provides), and enforces the size limits before the head is complete.
struct HeadScanner {
    /// Offset (from the head's start) where the current, unfinished line begins.
    var lineStart: Int32 = 0
    /// Complete lines seen so far (the request line is line 0).
    var lines: Int32 = 0

    enum Outcome: Equatable {
        case incomplete
        /// The head, through its blank line, is this many bytes long.
        case complete(Int)
        case failed(RequestError)
    }

    /// Scans `bytes` (the head's bytes received so far, starting at its first byte).
    mutating func scan(_ bytes: UnsafeRawBufferPointer, limits: RequestLimits) -> Outcome {
        guard let base = bytes.baseAddress else { return .incomplete }
        var position = Int(lineStart)
        while position < bytes.count {
            guard let found = memchr(base + position, 0x0A, bytes.count - position) else { break }
            let lf = UnsafeRawPointer(found) - base
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
        if bytes.count > limits.maxHeaderSectionLength { return .failed(.headerFieldsTooLarge) }
        return .incomplete
    }
}
