/// Decodes a chunked body in place (RFC 9112 §7.1): chunk data is moved down over the chunk
/// framing, so the decoded body ends up contiguous right after the head, with no second buffer.
///
/// Decoding is resumable at any byte; the state is a few integers in the connection.
struct ChunkedDecoder {
    enum State: UInt8 {
        case size = 0
        case sizeDigits, sizeWhitespace, sizeLF, data, dataCR, dataLF, trailerStart, trailerLine, trailerLF, finalLF
        case extensionStart, extensionName, afterExtensionName, extensionValueStart, extensionValue, afterExtensionValue
        case quotedValue, quotedEscape
        case done
        case trailerName
    }

    var state: State = .size
    /// Hex digits of the current size, then bytes of data left in the current chunk.
    var remaining = 0
    private var digits: Int32 = 0
    /// Bytes of chunk extensions or trailer fields seen, bounded against slow abuse.
    private var overhead: Int32 = 0

    /// The most extension and trailer bytes accepted per body.
    static let maxOverhead: Int32 = 16 * 1024

    /// Decodes the bytes from `raw` to the end of `bytes`, appending data at `decoded`, which
    /// never passes `raw`. Returns `true` once the final CRLF is consumed; `raw` then points just
    /// past the body. `limit` bounds the decoded length (`decoded - bodyStart`).
    mutating func decode(
        _ bytes: inout MutableSpan<UInt8>,
        raw: inout Int,
        decoded: inout Int,
        bodyStart: Int,
        limit: Int
    ) throws(RequestError) -> Bool {
        let end = bytes.count
        while raw < end {
            if state == .data {
                let count = min(remaining, end - raw)
                bytes.moveBytes(from: raw, to: decoded, count: count)
                decoded += count
                raw += count
                remaining -= count
                if remaining == 0 { state = .dataCR }
                continue
            }
            let byte = bytes[raw]
            raw += 1
            switch state {
            case .size, .sizeDigits:
                if let value = Self.hexValue(byte) {
                    // Sixteen hex digits would overflow; no body we accept comes close.
                    guard digits < 15 else { throw .badChunk }
                    remaining = remaining << 4 | value
                    digits += 1
                    state = .sizeDigits
                } else if state == .sizeDigits && byte == 0x0D {
                    state = .sizeLF
                } else if state == .sizeDigits && byte == 0x3B {
                    state = .extensionStart
                } else if state == .sizeDigits && (byte == 0x20 || byte == 0x09) {
                    // BWS is only allowed before a chunk extension's ";" (RFC 9112 §7.1.1).
                    state = .sizeWhitespace
                } else {
                    throw .badChunk
                }
            case .sizeWhitespace:
                if byte == 0x3B {
                    state = .extensionStart
                } else if byte != 0x20 && byte != 0x09 {
                    throw .badChunk
                }
            case .extensionStart, .extensionName, .afterExtensionName, .extensionValueStart, .extensionValue,
                .afterExtensionValue, .quotedValue, .quotedEscape:
                // chunk-ext = *( BWS ";" BWS chunk-ext-name [ BWS "=" BWS chunk-ext-val ] )
                // chunk-ext-val = token / quoted-string. Extensions are ignored once valid.
                overhead += 1
                guard overhead <= Self.maxOverhead else { throw .badChunk }
                try advanceExtension(byte)
            case .sizeLF:
                guard byte == 0x0A else { throw .badChunk }
                digits = 0
                if remaining == 0 {
                    state = .trailerStart
                } else {
                    guard decoded - bodyStart + remaining <= limit else { throw .contentTooLarge }
                    state = .data
                }
            case .dataCR:
                guard byte == 0x0D else { throw .badChunk }
                state = .dataLF
            case .dataLF:
                guard byte == 0x0A else { throw .badChunk }
                state = .size
            case .trailerStart:
                if byte == 0x0D {
                    state = .finalLF
                } else {
                    // trailer-section = *( field-line CRLF ); fields are discarded, but a
                    // folded or nameless line is still malformed (RFC 9112 §7.1.2, §5.2).
                    guard CharacterClass.isTokenByte(byte) else { throw .badChunk }
                    state = .trailerName
                    overhead += 1
                }
            case .trailerName:
                // field-line = field-name ":" OWS field-value OWS (RFC 9112 §5): a line without
                // a colon right after a token, such as a request line, is not a trailer field.
                overhead += 1
                guard overhead <= Self.maxOverhead else { throw .headerFieldsTooLarge }
                if byte == 0x3A {
                    state = .trailerLine
                } else if !CharacterClass.isTokenByte(byte) {
                    throw .badChunk
                }
            case .trailerLine:
                if byte == 0x0D {
                    state = .trailerLF
                } else {
                    guard CharacterClass.isFieldValueByte(byte) else { throw .badChunk }
                    overhead += 1
                    guard overhead <= Self.maxOverhead else { throw .headerFieldsTooLarge }
                }
            case .trailerLF:
                guard byte == 0x0A else { throw .badChunk }
                state = .trailerStart
            case .finalLF:
                guard byte == 0x0A else { throw .badChunk }
                state = .done
                return true
            case .data, .done:
                preconditionFailure("handled above")
            }
        }
        return false
    }

    /// A byte in or after an extension's name or token value: more of the token (only while
    /// still in it), whitespace, `=` before a value (after a name), `;` before another extension,
    /// or the CR that ends the size line.
    @inline(__always)
    private mutating func continueOrEndToken(
        _ byte: UInt8, isSpace: Bool, isToken: Bool, inToken: State, afterToken: State, valueMayFollow: Bool
    ) throws(RequestError) {
        if isToken && state == inToken { return }
        if isSpace {
            state = afterToken
        } else if valueMayFollow && byte == 0x3D {
            state = .extensionValueStart
        } else if byte == 0x3B {
            state = .extensionStart
        } else if byte == 0x0D {
            state = .sizeLF
        } else {
            throw .badChunk
        }
    }

    private mutating func advanceExtension(_ byte: UInt8) throws(RequestError) {
        let isSpace = byte == 0x20 || byte == 0x09
        let isToken = CharacterClass.isTokenByte(byte)
        switch state {
        case .extensionStart:
            if isToken { state = .extensionName } else if !isSpace { throw .badChunk }
        case .extensionName, .afterExtensionName:
            try continueOrEndToken(
                byte, isSpace: isSpace, isToken: isToken, inToken: .extensionName, afterToken: .afterExtensionName,
                valueMayFollow: true)
        case .extensionValueStart:
            if isToken {
                state = .extensionValue
            } else if byte == 0x22 {
                state = .quotedValue
            } else if !isSpace {
                throw .badChunk
            }
        case .extensionValue, .afterExtensionValue:
            try continueOrEndToken(
                byte, isSpace: isSpace, isToken: isToken, inToken: .extensionValue, afterToken: .afterExtensionValue,
                valueMayFollow: false)
        case .quotedValue:
            // qdtext = HTAB / SP / %x21 / %x23-5B / %x5D-7E / obs-text (RFC 9110 §5.6.4)
            if byte == 0x22 {
                state = .afterExtensionValue
            } else if byte == 0x5C {
                state = .quotedEscape
            } else if !(isSpace || byte == 0x21 || (byte >= 0x23 && byte != 0x7F)) {
                throw .badChunk
            }
        case .quotedEscape:
            guard isSpace || (byte >= 0x21 && byte != 0x7F) else { throw .badChunk }
            state = .quotedValue
        default:
            preconditionFailure("not an extension state")
        }
    }

    @inline(__always) private static func hexValue(_ byte: UInt8) -> Int? {
        switch byte {
        case 0x30...0x39: Int(byte - 0x30)
        case 0x41...0x46: Int(byte - 0x41 + 10)
        case 0x61...0x66: Int(byte - 0x61 + 10)
        default: nil
        }
    }
}
