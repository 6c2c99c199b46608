import Testing

@testable import SpecMCP

/// The `=?base64?…?=` form of an MCP header value, and the Base64 (RFC 4648 §4) decoder under
/// it.
@Suite struct Base64Tests {
    @Test(arguments: [
        ("bGlzdF9kZXZpY2Vz", "list_devices"), ("aGlnOi8vdjEvbXl0aHM=", "hig://v1/myths"), ("", ""),
        ("w6k=", "é"),
    ])
    func base64HeaderValuesDecode(encoded: String, decoded: String) {
        #expect(MCPResponder.decodeHeaderValue("=?base64?\(encoded)?=") == decoded)
    }

    @Test(arguments: ["bGlzdA", "bGlz*A==", "bA=x", "bB=="])
    func brokenBase64IsRefused(encoded: String) {
        #expect(Base64.decode(Substring(encoded)) == nil)
    }
}
