/// An upstream URL as it may be shown: in `/readyz` (which any origin may read), in `/metrics`
/// and in the log.
///
/// Credentials in the authority (`https://user:secret@host/`) and every query value
/// (`?token=…`) are replaced by `REDACTED`, and a fragment is dropped, so an operator who puts a
/// token in `--upstream` does not publish it. The scheme, host, port and path stay, since they
/// are what an operator needs to tell which upstream is meant.
package struct RedactedURL: Sendable, Equatable, CustomStringConvertible {
    /// The URL with its secrets replaced.
    package let description: String

    /// Redacts `url`; text that is not a URL is redacted the same way, as far as it goes.
    package init(_ url: String) {
        var rest = Substring(url)
        var result = ""
        if let scheme = rest.firstRange(of: "://") {
            result += rest[..<scheme.upperBound]
            rest = rest[scheme.upperBound...]
        }
        // The authority ends at the first "/", "?" or "#" (RFC 3986 §3.2); its userinfo at the
        // last "@" within it, since a password may itself hold an "@".
        let authorityEnd = rest.firstIndex { $0 == "/" || $0 == "?" || $0 == "#" } ?? rest.endIndex
        var authority = rest[..<authorityEnd]
        if let at = authority.lastIndex(of: "@") {
            result += "REDACTED@"
            authority = authority[authority.index(after: at)...]
        }
        result += authority
        rest = rest[authorityEnd...]
        if let hash = rest.firstIndex(of: "#") { rest = rest[..<hash] }
        let queryStart = rest.firstIndex(of: "?") ?? rest.endIndex
        result += rest[..<queryStart]
        guard queryStart < rest.endIndex else {
            description = result
            return
        }
        let query = rest[rest.index(after: queryStart)...]
        let parameters = query.split(separator: "&", omittingEmptySubsequences: false).map { parameter in
            // A bare parameter may be the token itself.
            guard let equals = parameter.firstIndex(of: "=") else { return parameter.isEmpty ? "" : "REDACTED" }
            return parameter[..<equals] + "=REDACTED"
        }
        description = result + "?" + parameters.joined(separator: "&")
    }

    /// `text` with every occurrence of `url` replaced by its redacted form, for messages (a
    /// transfer's error, say) that may quote the URL.
    package static func scrub(_ text: String, of url: String) -> String {
        guard !url.isEmpty, text.contains(url) else { return text }
        return text.replacing(url, with: RedactedURL(url).description)
    }
}
