import SpecStore

/// `sources check`: fetches each HIG page the store cites, one at a time, and compares it with
/// the store. It only reports; it never changes the data.
package struct SourceCheck: Sendable {
    /// Where Apple serves page JSON.
    package static let appleBase = "https://developer.apple.com"

    /// Replaces `https://developer.apple.com` in every page URL (a mirror, a test server).
    package var base: String
    package var timeoutSeconds: Int
    package var maxBytes: Int
    package var fetch: PageFetch
    /// Whether to stop before the next page and abandon the current transfer.
    package var isCancelled: @Sendable () -> Bool

    package init(
        base: String = SourceCheck.appleBase, timeoutSeconds: Int = 30, maxBytes: Int = 4 * 1024 * 1024,
        fetch: @escaping PageFetch, isCancelled: @escaping @Sendable () -> Bool = { false }
    ) {
        self.base = base
        self.timeoutSeconds = timeoutSeconds
        self.maxBytes = maxBytes
        self.fetch = fetch
        self.isCancelled = isCancelled
    }

    /// The URL of the page JSON for `slug`.
    package func jsonURL(slug: String) -> String {
        var root = base
        while root.hasSuffix("/") { root.removeLast() }
        return root + "/tutorials/data/design/human-interface-guidelines/\(slug).json"
    }

    /// Checks `snapshot`'s pages; `previous` lends its validators for conditional requests, and
    /// its findings for a page that answers 304.
    package func run(snapshot: SpecSnapshot, previous: SourceReport? = nil, now: String = SourceReport.now())
        -> SourceReport
    {
        let expectations = SourceExpectations(snapshot: snapshot)
        // Validators and carried-over findings belong to the version they were checked against.
        let previous = previous?.version == snapshot.version.id ? previous : nil
        var report = SourceReport(
            checkedAt: now, version: snapshot.version.id, versionDate: snapshot.version.date, base: base,
            pages: [], findings: [])
        for page in expectations.pages {
            if isCancelled() { break }
            let earlier = previous?.pages.first { $0.page == page.slug }
            let request = PageRequest(
                url: jsonURL(slug: page.slug), entityTag: earlier?.entityTag, lastModified: earlier?.lastModified,
                timeoutSeconds: timeoutSeconds, maxBytes: maxBytes, isCancelled: isCancelled)
            var status = SourceReport.PageStatus(page: page.slug, url: request.url, status: .compared)
            var findings: [SourceFinding] = []
            switch fetch(request) {
            case .body(let code, let bytes, let entityTag, let lastModified):
                status.httpStatus = code
                status.entityTag = entityTag
                status.lastModified = lastModified
                do {
                    let document = try PageDocument.read(bytes)
                    let version = document.schemaVersion
                    status.schemaVersion = "\(version.major).\(version.minor).\(version.patch)"
                    findings = PageComparison.findings(page, document: document, versionDate: snapshot.version.date)
                    if !PageComparison.knowsSchema(of: document) { status.status = .formatChanged }
                } catch {
                    status.status = .unreadable
                    status.error = "\(error)"
                }
            case .notModified:
                status.httpStatus = 304
                status.status = .notModified
                status.entityTag = earlier?.entityTag
                status.lastModified = earlier?.lastModified
                findings = previous?.findings.filter { $0.page == page.slug } ?? []
            case .redirect(let code, let location):
                status.httpStatus = code
                status.status = .moved
                findings = [
                    SourceFinding(
                        kind: .pageMoved, page: page.slug, anchor: nil, records: page.records, before: request.url,
                        after: location, message: "the page answers HTTP \(code) (not followed)")
                ]
            case .status(let code) where code == 404 || code == 410:
                status.httpStatus = code
                status.status = .missing
                findings = [
                    SourceFinding(
                        kind: .pageMissing, page: page.slug, anchor: nil, records: page.records, before: page.url,
                        after: nil, message: "the page answers HTTP \(code)")
                ]
            case .status(let code):
                status.httpStatus = code
                status.status = .unreadable
                status.error = "the server answered HTTP \(code)"
            case .failed(let reason):
                status.status = .unreadable
                status.error = reason
            }
            status.findings = findings.count
            report.pages.append(status)
            report.findings += findings
        }
        return report
    }
}
