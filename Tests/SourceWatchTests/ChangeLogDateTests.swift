import SourceWatchFixtures
import SpecStore
import Testing

@testable import SourceWatch

/// Apple's change-log dates, and whether they come after a store version.
@Suite struct ChangeLogDateTests {
    @Test(arguments: [
        ("September 9, 2025", "2025-09-09"), ("Dec 16, 2025", "2025-12-16"), ("June 10, 2024", "2024-06-10"),
        ("Smarch 1, 2025", nil), ("September 32, 2025", nil), ("", nil),
    ])
    func changeLogDatesReadAsDays(text: String, iso: String?) {
        #expect(ChangeLogDate.iso(text) == iso)
    }

    @Test func aMonthOrYearVersionCoversItsWholePeriod() {
        #expect(!ChangeLogDate.isAfter("2026-03-31", versionDate: "2026-03"))
        #expect(ChangeLogDate.isAfter("2026-04-01", versionDate: "2026-03"))
        #expect(!ChangeLogDate.isAfter("2023-12-31", versionDate: "2023"))
        #expect(ChangeLogDate.isAfter("2025-03-08", versionDate: "2025-03-07"))
    }
}
