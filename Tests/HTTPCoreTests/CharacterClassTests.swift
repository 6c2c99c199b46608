import Testing

@testable import HTTPCore

/// Each byte class against its grammar, written out as the RFCs give it, for all 256 bytes.
@Suite struct CharacterClassTests {
    private static let letters = Set("ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789".utf8)

    private static func each(_ isMember: (UInt8) -> Bool, matches expected: (UInt8) -> Bool) -> [UInt8] {
        (0...255).map(UInt8.init).filter { isMember($0) != expected($0) }
    }

    /// RFC 9110 §5.6.2: tchar = "!" / "#" / "$" / "%" / "&" / "'" / "*" / "+" / "-" / "." /
    /// "^" / "_" / "`" / "|" / "~" / DIGIT / ALPHA.
    @Test func tokenBytesAreTchar() {
        let tchar = Self.letters.union("!#$%&'*+-.^_`|~".utf8)
        #expect(Self.each(CharacterClass.isTokenByte, matches: tchar.contains) == [])
    }

    /// RFC 9110 §5.5: field-vchar = VCHAR / obs-text, with SP and HTAB between them.
    @Test func fieldValueBytesAreVcharObsTextSpaceAndTab() {
        let expected: (UInt8) -> Bool = { (0x21...0x7E).contains($0) || $0 >= 0x80 || $0 == 0x20 || $0 == 0x09 }
        #expect(Self.each(CharacterClass.isFieldValueByte, matches: expected) == [])
    }

    /// RFC 9112 §3.2: a request-target is visible ASCII, and carries no fragment.
    @Test func targetBytesAreVisibleAsciiButTheFragmentMark() {
        let expected: (UInt8) -> Bool = { (0x21...0x7E).contains($0) && $0 != UInt8(ascii: "#") }
        #expect(Self.each(CharacterClass.isTargetByte, matches: expected) == [])
    }

    /// RFC 3986 §3.2.2: unreserved, sub-delims, "%" of pct-encoded, IP-literal brackets, and the
    /// port's ":".
    @Test func hostBytesAreUnreservedSubDelimsAndBrackets() {
        let host = Self.letters.union("-._~!$&'()*+,;=:[]%".utf8)
        #expect(Self.each(CharacterClass.isHostByte, matches: host.contains) == [])
    }
}
