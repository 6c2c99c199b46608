import JSON
import SpecStore

/// One place where the store no longer matches Apple's page.
package struct SourceFinding: Sendable, Equatable {
    /// What kind of drift it is; the raw value is the report's `kind`.
    package enum Kind: String, Sendable, CaseIterable {
        /// A published quote is no longer verbatim anywhere on its page.
        case quoteMissing = "quote-missing"
        /// A published quote is on its page, but not under the anchor the store cites.
        case quoteMoved = "quote-moved"
        /// A table row the store took from the page has a changed cell.
        case valueChanged = "value-changed"
        /// A table row the store took from the page is gone.
        case rowMissing = "row-missing"
        /// The page's table has a row the store does not have.
        case rowNew = "row-new"
        /// The page's change log has an entry dated after the store's version.
        case newChangeLogEntry = "new-change-log-entry"
        /// The page is gone (404 or 410).
        case pageMissing = "page-missing"
        /// The page redirects, or names another page as itself.
        case pageMoved = "page-moved"
        /// The page's schema version is one the reader does not know; it was compared no further.
        case formatChanged = "format-changed"
    }

    package var kind: Kind
    /// The page's slug, e.g. `layout`.
    package var page: String
    /// The heading anchor the finding is under, if any.
    package var anchor: String?
    /// The title of the tab the table is in, if any.
    package var tab: String?
    /// The ids of the store records it concerns.
    package var records: [String]
    /// What the store has.
    package var before: String?
    /// What the page has now.
    package var after: String?
    /// A sentence saying what changed.
    package var message: String

    /// The finding as a report object.
    package var json: JSONValue {
        var object = JSONObject()
        object.append("kind", .string(kind.rawValue))
        object.append("page", .string(page))
        object.append("anchor", anchor.map(JSONValue.string) ?? .null)
        if let tab { object.append("tab", .string(tab)) }
        object.append("records", .array(records.map(JSONValue.string)))
        object.append("before", before.map(JSONValue.string) ?? .null)
        object.append("after", after.map(JSONValue.string) ?? .null)
        object.append("message", .string(message))
        return .object(object)
    }
}
