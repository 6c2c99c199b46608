/// Records flattened into columns of text, the common input of the CSV, Markdown and HTML forms.
///
/// Nested objects become columns joined with `_` (`points_width`); arrays of scalars become one
/// cell joined with `; `; arrays of objects become `singular_field` columns (`citation_url`) whose
/// cells join each element's value with `; `. Each row keeps its citations whole as well, so
/// Markdown and HTML can show them as links.
package struct FlatTable: Equatable, Sendable {
    /// A citation as the Markdown and HTML forms show it.
    package struct Citation: Equatable, Hashable, Sendable {
        package var page: String
        package var section: String?
        package var url: String
        package var quote: String?

        /// Hashes the URL and the quote's length only: equal citations hash alike, and a page
        /// looks each row's citations up by them, so hashing every word of a long quote each
        /// time was a fortieth of a never-seen HTML page. Equality still compares every field.
        package func hash(into hasher: inout Hasher) {
            hasher.combine(url)
            hasher.combine(quote?.utf8.count ?? -1)
        }
    }

    package struct Row: Equatable, Sendable {
        /// One cell per column; `nil` where the record has no such field.
        package var cells: [String?]
        package var citations: [Citation]
    }

    /// A heading for the page form (`Devices`).
    package var title: String
    /// The store version that answered.
    package var version: String
    package var columns: [String]
    package var rows: [Row]
    /// Free text the answer carries (`notes` in the envelope).
    package var notes: [String] = []

    /// The columns that hold flattened citations, which Markdown and HTML show as links instead.
    package var isCitationColumn: [Bool] {
        columns.map { $0 == "citations" || $0.hasPrefix("citation_") }
    }

    /// Every distinct citation in first-seen order, numbered from 1 by position.
    package var distinctCitations: [Citation] {
        var seen = Set<Citation>()
        var ordered: [Citation] = []
        for row in rows {
            for citation in row.citations where seen.insert(citation).inserted {
                ordered.append(citation)
            }
        }
        return ordered
    }
}
