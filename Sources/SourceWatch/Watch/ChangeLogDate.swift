/// Apple's change-log dates ("September 9, 2025", "Dec 16, 2025") as ISO 8601 days.
package enum ChangeLogDate {
    private static let months = [
        "jan", "feb", "mar", "apr", "may", "jun", "jul", "aug", "sep", "oct", "nov", "dec",
    ]

    /// `2025-09-09` for "September 9, 2025"; `nil` for anything else.
    package static func iso(_ text: String) -> String? {
        let words = text.split { $0 == " " || $0 == "," || $0 == "\u{A0}" }
        guard words.count == 3, words[0].count >= 3,
            let month = months.firstIndex(of: words[0].prefix(3).lowercased()),
            let day = Int(words[1]), (1...31).contains(day), let year = Int(words[2]), (1990...9999).contains(year)
        else { return nil }
        let monthText = month + 1 < 10 ? "0\(month + 1)" : "\(month + 1)"
        let dayText = day < 10 ? "0\(day)" : "\(day)"
        return "\(year)-\(monthText)-\(dayText)"
    }

    /// Whether the day `iso` is after the store version dated `versionDate` (`2025-03-07`, or
    /// `2026-03` or `2023` for a version dated by month or year, which covers all of it).
    package static func isAfter(_ iso: String, versionDate: String) -> Bool {
        iso.prefix(versionDate.count) > versionDate[...]
    }
}
