import SourceWatchFixtures
import SpecStore
import Testing

@testable import SourceWatch

/// The report's Markdown form.
@Suite struct SourceReportTests {
    @Test func theMarkdownReportNamesEachFinding() throws {
        let report = try SourcePageFixtures.latest().check(answers: ["layout": .status(404)])
        let markdown = report.markdown
        #expect(markdown.hasPrefix("# Source check: drift\n"))
        #expect(markdown.contains("- **page-missing** layout: the page answers HTTP 404"))
        #expect(markdown.contains("| layout | missing | 404 |"))
        #expect(markdown.contains(SourceText.convention))
    }
}
