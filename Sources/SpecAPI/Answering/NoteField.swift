import SpecFormats

/// The `Spec-Note` response field: an answer's notes (why it is empty, what a join left out) as
/// header fields, so a format whose body has no place for them — CSV, which stays a plain RFC 4180
/// table — still says why. Every format carries them, so a script reads them the same way whatever
/// it asked for, HEAD included.
///
/// One field line per note, each an RFC 9651 Display String (§3.3.8): `%"` and `"` around the
/// note's UTF-8 bytes, with `%`, `"`, control bytes and every non-ASCII byte written as `%` and two
/// lower-case hex digits. A field value is then visible ASCII only, a `"` never occurs inside a
/// note, and lines that an intermediary joins with `, ` still parse as one Structured Field List.
/// Reading one: take what lies between `%"` and the next `"`, and percent-decode it as UTF-8
/// (`decodeURIComponent` in a browser, `urllib.parse.unquote` in Python).
package enum NoteField {
    /// The field name (RFC 6648: no `X-` prefix).
    package static let name = "Spec-Note"

    /// The header fields that carry `notes`, in order; none when there are none.
    package static func fields(_ notes: [String]) -> [(name: String, value: String)] {
        notes.map { (name, value($0)) }
    }

    /// `note` serialised as an RFC 9651 Display String (§4.1.11).
    package static func value(_ note: String) -> String {
        let encoded = PercentEncoding.encoded(note, lowercaseHex: true) { byte in
            byte != UInt8(ascii: "%") && byte != UInt8(ascii: "\"") && byte >= 0x20 && byte < 0x7F
        }
        return "%\"" + encoded + "\""
    }
}
