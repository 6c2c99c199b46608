import SpecStore
import SystemSupport

/// The site around every page, as the application declares it: the links of the site header,
/// and where each record lives (`/v1/{collection}/{id}`, API.md §6, found from the id's prefix).
/// Made once by the application and shared by every page (a reference, so a page copies none of it).
package final class Site: Sendable {
    /// The site header's links, in the order a reader meets them: each one's words and path.
    package let navigation: [(label: String, template: String)]
    /// Each record id prefix with its collection's path segment and its collection route.
    package let collections: [(prefix: String, segment: String, route: PageRoute)]
    /// Whether the application answers a path (a page links only what answers).
    private let answers: @Sendable (String) -> Bool
    /// Each record id's path (``recordPath(for:)``) once worked out: a table links its rows'
    /// ids and the ids they refer to, and the path is the same for every page. Bounded: past
    /// ``recordPathsKept`` ids, a path is worked out each time.
    private let recordPaths = Locked<[String: String?]>([:])
    static let recordPathsKept = 20_000

    /// The header's list items, written once for each page that can be current (``navigationItems(current:)``).
    private let navigationMarkup: KeptValues<[UInt8]>

    /// - Parameter answers: whether the application answers a path.
    package init(
        navigation: [(label: String, template: String)],
        collections: [(prefix: String, segment: String, route: PageRoute)],
        answers: @escaping @Sendable (String) -> Bool
    ) {
        self.navigation = navigation
        self.collections = collections
        self.answers = answers
        // One for each link, one for a page that is none of them.
        navigationMarkup = KeptValues(limit: navigation.count + 1)
    }

    /// The header's links as list items, the one to `current` marked as the page: the same
    /// bytes for every page of a route, so written once for it.
    package func navigationItems(current: String?) -> [UInt8] {
        // Every template starts with `/`: the empty key is the page no link is current on.
        navigationMarkup.value(for: navigation.contains { $0.template == current } ? current ?? "" : "") {
            var items = HTMLWriter(capacity: 64 * navigation.count)
            for link in navigation {
                items.write("<li><a href=\"")
                items.write(link.template)
                items.write(link.template == current ? "\" aria-current=\"page\">" : "\">")
                items.write(escaping: link.label)
                items.write("</a></li>")
            }
            return items.bytes
        }
    }

    /// A site with no header links and no records: a page on its own (tests).
    package static let empty = Site(navigation: [], collections: [], answers: { _ in false })

    /// The record's path, or `nil` for an id of no known collection or a collection whose
    /// records have no route (a page links only what answers).
    package func recordPath(for id: String) -> String? {
        if let kept = recordPaths.withLock({ $0[id] }) { return kept }
        let path = workedOutRecordPath(for: id)
        recordPaths.withLock { paths in
            if paths.count < Self.recordPathsKept { paths[id] = path }
        }
        return path
    }

    private func workedOutRecordPath(for id: String) -> String? {
        guard let entry = collections.first(where: { id.hasPrefix($0.prefix) }), id.count > entry.prefix.count else {
            return nil
        }
        let path = "/v1/\(entry.segment)/\(PercentEncoding.encoded(id))"
        return answers(path) ? path : nil
    }

    /// The collection route a record id belongs to.
    package func collectionRoute(for id: String) -> PageRoute? {
        collections.first { id.hasPrefix($0.prefix) }?.route
    }

    /// The list route of `collection`.
    package func route(of collection: SpecCollection) -> PageRoute? {
        collections.first { $0.route.kind == .collection(collection) }?.route
    }

    /// Whether the site header links the route at `template`.
    package func links(_ template: String) -> Bool {
        navigation.contains { $0.template == template }
    }
}
