import JSON
import SpecStore

extension SourceReport {
    /// A report read back from its JSON (`--previous`), for its validators and findings;
    /// `nil` when the JSON is not a report.
    package init?(json: JSONValue) {
        guard let pages = json["pages"]?.arrayValue, let findings = json["findings"]?.arrayValue else { return nil }
        self.init(
            checkedAt: json["checkedAt"]?.stringValue ?? "", version: json["version"]?.stringValue ?? "",
            versionDate: json["versionDate"]?.stringValue ?? "", base: json["base"]?.stringValue ?? "",
            pages: pages.compactMap(Self.pageStatus), findings: findings.compactMap(Self.finding))
    }

    private static func pageStatus(_ json: JSONValue) -> PageStatus? {
        guard let page = json["page"]?.stringValue, let url = json["url"]?.stringValue,
            let status = json["status"]?.stringValue.flatMap(PageStatus.Status.init(rawValue:))
        else { return nil }
        return PageStatus(
            page: page, url: url, status: status, httpStatus: json["httpStatus"]?.doubleValue.map { Int($0) },
            schemaVersion: json["schemaVersion"]?.stringValue, entityTag: json["entityTag"]?.stringValue,
            lastModified: json["lastModified"]?.stringValue, error: json["error"]?.stringValue,
            findings: json["findings"]?.doubleValue.map { Int($0) } ?? 0)
    }

    private static func finding(_ json: JSONValue) -> SourceFinding? {
        guard let kind = json["kind"]?.stringValue.flatMap(SourceFinding.Kind.init(rawValue:)),
            let page = json["page"]?.stringValue
        else { return nil }
        return SourceFinding(
            kind: kind, page: page, anchor: json["anchor"]?.stringValue, tab: json["tab"]?.stringValue,
            records: json["records"]?.arrayValue?.compactMap(\.stringValue) ?? [], before: json["before"]?.stringValue,
            after: json["after"]?.stringValue, message: json["message"]?.stringValue ?? "")
    }
}
