import Testing

@testable import SourceWatch

/// Secrets in an upstream URL are redacted wherever the URL is shown.
@Suite struct RedactedURLTests {
    @Test(arguments: [
        ("https://example.com/v1/export", "https://example.com/v1/export"),
        ("https://user:s3cret@example.com/v1/export", "https://REDACTED@example.com/v1/export"),
        ("https://user:p@ss@example.com:8443/x", "https://REDACTED@example.com:8443/x"),
        ("https://example.com/x?token=abc123", "https://example.com/x?token=REDACTED"),
        ("https://example.com/x?a=1&sig=zz&v", "https://example.com/x?a=REDACTED&sig=REDACTED&REDACTED"),
        ("https://example.com/x?abc123", "https://example.com/x?REDACTED"),
        ("https://t0ken@example.com?k=v#frag", "https://REDACTED@example.com?k=REDACTED"),
        ("http://127.0.0.1:8080/x#secret", "http://127.0.0.1:8080/x"),
    ])
    func redactsCredentialsAndQueryValues(url: String, shown: String) {
        #expect(RedactedURL(url).description == shown)
    }

    @Test func scrubsAMessageQuotingTheURL() {
        let url = "https://u:pw@example.com/x?token=abc"
        let message = RedactedURL.scrub("cannot reach \(url) now", of: url)
        #expect(message == "cannot reach https://REDACTED@example.com/x?token=REDACTED now")
        #expect(!message.contains("pw") && !message.contains("abc"))
    }
}
