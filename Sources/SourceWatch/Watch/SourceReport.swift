import JSON
import SpecStore
import SystemSupport

/// What `sources check` found: every page fetched with its status, and one finding per drift.
///
/// The JSON form is `{checkedAt, version, versionDate, base, comparison, result, counts, pages,
/// findings}`; `result` is `no-drift`, `drift` or `unreadable`. The Markdown form says the same
/// for a person.
package struct SourceReport: Sendable, Equatable {
    /// How one page's fetch went.
    package struct PageStatus: Sendable, Equatable {
        package enum Status: String, Sendable, CaseIterable {
            /// Fetched, read and compared.
            case compared
            /// 304: unchanged since the previous report; its findings are carried over.
            case notModified = "not-modified"
            /// 404 or 410.
            case missing
            /// A redirect, not followed.
            case moved
            /// An unknown schema version; not compared.
            case formatChanged = "format-changed"
            /// No page to compare: a transfer failure, an unexpected status, a body that is not a page.
            case unreadable
        }

        package var page: String
        package var url: String
        package var status: Status
        package var httpStatus: Int?
        package var schemaVersion: String?
        package var entityTag: String?
        package var lastModified: String?
        package var error: String?
        package var findings = 0
    }

    package var checkedAt: String
    package var version: String
    package var versionDate: String
    package var base: String
    package var pages: [PageStatus]
    package var findings: [SourceFinding]

    package init(
        checkedAt: String, version: String, versionDate: String, base: String, pages: [PageStatus],
        findings: [SourceFinding]
    ) {
        self.checkedAt = checkedAt
        self.version = version
        self.versionDate = versionDate
        self.base = base
        self.pages = pages
        self.findings = findings
    }

    /// `unreadable` when a page could not be read, else `drift` when anything was found, else `no-drift`.
    package var result: String {
        if pages.contains(where: { $0.status == .unreadable }) { return "unreadable" }
        return findings.isEmpty ? "no-drift" : "drift"
    }

    /// 0 when nothing drifted, 1 when something did, 2 when a page could not be read (the
    /// check is then incomplete, whatever else it found).
    package var exitCode: Int32 {
        switch result {
        case "no-drift": 0
        case "drift": 1
        default: 2
        }
    }

    /// The number of findings of each kind, every kind listed.
    package var counts: [(SourceFinding.Kind, Int)] {
        SourceFinding.Kind.allCases.map { kind in (kind, findings.count { $0.kind == kind }) }
    }

    /// The report as JSON.
    package var json: JSONValue {
        var object = JSONObject()
        object.append("checkedAt", .string(checkedAt))
        object.append("version", .string(version))
        object.append("versionDate", .string(versionDate))
        object.append("base", .string(base))
        object.append("comparison", .string(SourceText.convention))
        object.append("result", .string(result))
        var countObject = JSONObject()
        for (kind, count) in counts { countObject.append(kind.rawValue, JSONValue(integerLiteral: count)) }
        object.append("counts", .object(countObject))
        object.append("pages", .array(pages.map(Self.json)))
        object.append("findings", .array(findings.map(\.json)))
        return .object(object)
    }

    private static func json(_ page: PageStatus) -> JSONValue {
        var object = JSONObject()
        object.append("page", .string(page.page))
        object.append("url", .string(page.url))
        object.append("status", .string(page.status.rawValue))
        object.append("httpStatus", page.httpStatus.map { JSONValue(integerLiteral: $0) } ?? .null)
        object.append("schemaVersion", page.schemaVersion.map(JSONValue.string) ?? .null)
        object.append("entityTag", page.entityTag.map(JSONValue.string) ?? .null)
        object.append("lastModified", page.lastModified.map(JSONValue.string) ?? .null)
        object.append("error", page.error.map(JSONValue.string) ?? .null)
        object.append("findings", JSONValue(integerLiteral: page.findings))
        return .object(object)
    }

    /// The report as Markdown: a summary, the pages, then the findings grouped by page.
    package var markdown: String {
        var text = "# Source check: \(result)\n\n"
        text += "Store version \(version) (\(versionDate)), checked \(checkedAt) against \(base).\n"
        text += "Text compared with \(SourceText.convention).\n\n"
        text += "| Page | Status | HTTP | Schema | Findings | Error |\n|---|---|---|---|---|---|\n"
        for page in pages {
            text +=
                "| \(cell(page.page)) | \(page.status.rawValue) | \(page.httpStatus.map(String.init) ?? "") | \(page.schemaVersion ?? "") | \(page.findings) | \(cell(page.error ?? "")) |\n"
        }
        text += "\n## Findings\n\n"
        if findings.isEmpty { text += "None: the store matches every page read.\n" }
        for finding in findings {
            let place = finding.anchor.map { "#\($0)" } ?? ""
            let tab = finding.tab.map { " (tab \($0))" } ?? ""
            text += "- **\(finding.kind.rawValue)** \(finding.page)\(place)\(tab): \(finding.message)"
            if !finding.records.isEmpty { text += "; records \(finding.records.joined(separator: ", "))" }
            text += "\n"
            if let before = finding.before { text += "  - before: \(before)\n" }
            if let after = finding.after { text += "  - after: \(after)\n" }
        }
        return text
    }

    private func cell(_ text: String) -> String {
        text.replacing("|", with: "\\|").replacing("\n", with: " ")
    }

    /// The current time as `2026-12-03T07:28:37Z`.
    package static func now() -> String {
        let parts = SystemClock.utcCalendarTime(SystemClock.wallSeconds())
        func two(_ value: Int32) -> String { value < 10 ? "0\(value)" : "\(value)" }
        return
            "\(parts.year)-\(two(parts.month))-\(two(parts.day))T\(two(parts.hour)):\(two(parts.minute)):\(two(parts.second))Z"
    }
}
