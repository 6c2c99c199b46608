import Foundation
import SpecAPI
import Testing

@testable import HTTPCore
@testable import SpecFormats
@testable import SpecServer

/// Every empty answer says why, in every format (issue 8): the JSON envelope's `notes`, the HTML
/// and Markdown pages, and — for CSV, whose body stays a plain RFC 4180 table — the `Spec-Note`
/// header fields, which every format carries.
struct EmptyAnswerNoteTests {
    let app = ApplicationHarness.shared

    /// An empty answer and words of the reason it must give.
    struct Case: Sendable, CustomTestStringConvertible {
        var path: String
        var reason: String
        var testDescription: String { path }
    }

    static let cases: [Case] = [
        // A device Apple's size-class table omits.
        Case(
            path: "/v1/size-classes?device=device.ipad-mini-8-3-inch",
            reason: "Apple's size-class table has no row for iPad mini 8.3-inch"),
        // watchOS categories Apple publishes no sizes for.
        Case(
            path: "/v1/dynamic-type?platform=watchos&category=medium",
            reason: "Apple's watchOS Dynamic Type tables have no medium category"),
        Case(
            path: "/v1/dynamic-type?platform=watchos&category=accessibility5",
            reason: "Apple's watchOS Dynamic Type tables have no accessibility5 category"),
        // visionOS type: Apple's statement instead of sizes (its words hold a non-ASCII `›`).
        Case(
            path: "/v1/dynamic-type?platform=visionos",
            reason: "visionOS uses bolder versions of the Dynamic Type body and title styles"),
        Case(
            path: "/v1/text-styles?platform=visionos",
            reason: "visionOS uses bolder versions of the Dynamic Type body and title styles"),
        // A tracking size between two of Apple's rows.
        Case(
            path: "/v1/tracking?size=18.5",
            reason: "Apple's tracking table has no row for 18.5 pt; the nearest published rows are 18 pt and 19 pt"),
    ]

    static let formats: [Format] = [.json, .csv, .html, .md]

    @Test(arguments: cases, formats)
    func anEmptyAnswerSaysWhyInEveryFormat(_ empty: Case, format: Format) throws {
        let answer = app.request(.get, empty.path + "&format=" + format.rawValue)
        try #require(answer.status == 200, "\(answer.text.prefix(300))")
        // The header fields carry the reason whatever the format.
        let notes = try answer.values(header: "Spec-Note").map(Self.decodeDisplayString)
        #expect(notes.contains { $0.contains(empty.reason) }, "Spec-Note: \(answer.values(header: "Spec-Note"))")
        switch format {
        case .json:
            let envelope = try #require(answer.json)
            #expect(envelope["count"] == 0)
            let bodyNotes = envelope["notes"]?.arrayValue?.compactMap(\.stringValue) ?? []
            #expect(bodyNotes.contains { $0.contains(empty.reason) })
            #expect(bodyNotes == notes, "the header fields and the envelope hold the same notes")
        case .csv:
            // A clean table: the header row and no other line, the reason in the header fields only.
            let lines = answer.text.components(separatedBy: "\r\n")
            #expect(lines.count == 2 && lines[1].isEmpty, "\(answer.text)")
            #expect(lines[0].hasPrefix("id,"))
            #expect(!answer.text.contains(empty.reason))
        case .html:
            #expect(Self.htmlText(answer.text).contains(empty.reason))
        case .md:
            #expect(Self.markdownText(answer.text).contains(empty.reason))
        default:
            Issue.record("no expectation for \(format)")
        }
    }

    @Test(arguments: cases)
    func headAndRevalidationKeepTheNotes(_ empty: Case) throws {
        let target = empty.path + "&format=csv"
        let get = app.request(.get, target)
        let head = app.request(.head, target)
        #expect(!get.values(header: "Spec-Note").isEmpty)
        #expect(head.values(header: "Spec-Note") == get.values(header: "Spec-Note"))
        #expect(head[header: "ETag"] == get[header: "ETag"])
        let etag = try #require(get[header: "ETag"])
        let revalidated = app.request(.get, target, headers: [("If-None-Match", etag)])
        #expect(revalidated.status == 304)
        #expect(revalidated[header: "ETag"] == etag)
    }

    /// Two empty CSV tables are the same bytes whatever the reason; their tags must still differ,
    /// or a cache revalidating one answer would keep the other's notes.
    @Test func theTagCoversTheNotesAsWellAsTheBody() throws {
        let between = app.request(.get, "/v1/tracking?size=18.5&format=csv")
        let other = app.request(.get, "/v1/tracking?size=18.25&format=csv")
        try #require(between.status == 200 && other.status == 200)
        #expect(between.body == other.body)
        #expect(between.values(header: "Spec-Note") != other.values(header: "Spec-Note"))
        #expect(between[header: "ETag"] != other[header: "ETag"])
        // An answer without notes keeps the tag of its bytes alone, and no Spec-Note field.
        let full = app.request(.get, "/v1/tracking?size=18&format=csv")
        #expect(full.values(header: "Spec-Note").isEmpty)
        #expect(full[header: "ETag"] == EntityTag(of: full.body).fieldValue)
    }

    @Test func aRecordCarriesItsNotesInTheHeaderFieldsToo() throws {
        let answer = app.request(.get, "/v1/devices/device.ipad-mini-8-3-inch?format=csv")
        try #require(answer.status == 200)
        let notes = try answer.values(header: "Spec-Note").map(Self.decodeDisplayString)
        #expect(notes.contains { $0.contains("Apple's size-class table has no row for iPad mini 8.3-inch") })
    }

    @Test func userTextInANoteCannotBreakTheHeader() throws {
        // A search's note quotes the words searched for: quotes, percent signs and non-ASCII
        // arrive percent-encoded (the query refuses control characters before any note is made).
        let answer = app.request(.get, "/v1/rules?q=%22zz%25%E2%80%BAqq%22&format=csv")
        try #require(answer.status == 200, "\(answer.text.prefix(300))")
        let fields = answer.values(header: "Spec-Note")
        try #require(!fields.isEmpty)
        #expect(fields.allSatisfy { $0.utf8.allSatisfy { (0x20..<0x7F).contains($0) } })
        let notes = try fields.map(Self.decodeDisplayString)
        #expect(notes.contains { $0.contains("\"zz%›qq\"") }, "\(notes)")
    }

    @Test(arguments: [
        ("plain", "%\"plain\""),
        ("Apple's 50%", "%\"Apple's 50%25\""),
        ("say \"hi\"", "%\"say %22hi%22\""),
        ("HIG › Typography", "%\"HIG %e2%80%ba Typography\""),
        ("a\r\nb\u{7F}", "%\"a%0d%0ab%7f\""),
    ])
    func aNoteIsAnRFC9651DisplayString(note: String, field: String) throws {
        #expect(NoteField.value(note) == field)
        #expect(try Self.decodeDisplayString(field) == note)
    }

    // MARK: - Reading the formats independently of the renderers

    struct NotADisplayString: Error {}

    /// RFC 9651 §4.2.10, Parsing a Display String: `%"`, visible ASCII with `%xx` escapes of
    /// UTF-8 bytes (lower-case hex), `"`.
    static func decodeDisplayString(_ field: String) throws -> String {
        let bytes = Array(field.utf8)
        guard bytes.count >= 3, bytes[0] == UInt8(ascii: "%"), bytes[1] == UInt8(ascii: "\""),
            bytes.last == UInt8(ascii: "\"")
        else { throw NotADisplayString() }
        var decoded: [UInt8] = []
        var index = 2
        while index < bytes.count - 1 {
            let byte = bytes[index]
            guard byte >= 0x20, byte < 0x7F, byte != UInt8(ascii: "\"") else { throw NotADisplayString() }
            if byte == UInt8(ascii: "%") {
                guard index + 2 < bytes.count - 1,
                    let high = hexValue(bytes[index + 1]), let low = hexValue(bytes[index + 2])
                else { throw NotADisplayString() }
                decoded.append(high << 4 | low)
                index += 3
            } else {
                decoded.append(byte)
                index += 1
            }
        }
        guard let text = String(validating: decoded, as: UTF8.self) else { throw NotADisplayString() }
        return text
    }

    private static func hexValue(_ byte: UInt8) -> UInt8? {
        switch byte {
        case UInt8(ascii: "0")...UInt8(ascii: "9"): byte - UInt8(ascii: "0")
        case UInt8(ascii: "a")...UInt8(ascii: "f"): byte - UInt8(ascii: "a") + 10
        default: nil
        }
    }

    /// The page's text with the five escapes HTML text needs undone.
    static func htmlText(_ html: String) -> String {
        [("&lt;", "<"), ("&gt;", ">"), ("&quot;", "\""), ("&#39;", "'"), ("&#x27;", "'"), ("&amp;", "&")]
            .reduce(html) { $0.replacingOccurrences(of: $1.0, with: $1.1) }
    }

    /// The Markdown's text with CommonMark's backslash escapes of ASCII punctuation undone.
    static func markdownText(_ markdown: String) -> String {
        var text = ""
        var escaped = false
        for character in markdown {
            if !escaped, character == "\\" {
                escaped = true
                continue
            }
            // Only ASCII punctuation can be escaped; any other backslash is itself.
            if escaped, !(character.isASCII && (character.isPunctuation || character.isSymbol)) { text.append("\\") }
            escaped = false
            text.append(character)
        }
        return text
    }
}
