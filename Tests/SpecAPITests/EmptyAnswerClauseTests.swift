import SpecAPI
import SpecStore
import TestSupport
import Testing

/// An empty answer's clauses are kept per snapshot by the filters they depend on
/// (`SpecSnapshot.emptyAnswerClauses`): a note must read the same whichever answers came before
/// it, so the same requests asked in two orders, each on a store of its own, give the same notes.
@Suite struct EmptyAnswerClauseTests {
    /// Token files and metrics pages over filter combinations, many empty, many sharing all
    /// filters but one.
    static let targets: [String] = {
        let topics = ["", "buttons", "layout", "typography", "tab-bars", "complications"]
        let platforms = ["", "ios", "tvos", "watchos", "visionos"]
        let statuses = ["", "published", "convention"]
        let cases = ["", "41mm", "49mm"]
        var targets: [String] = []
        for topic in topics {
            for platform in platforms {
                for status in statuses {
                    for size in cases {
                        let query = [("topic", topic), ("platform", platform), ("status", status), ("case", size)]
                            .filter { !$0.1.isEmpty }.map { "\($0.0)=\($0.1)" }.joined(separator: "&")
                        targets.append("/v1/tokens/metrics?" + query)
                        if size.isEmpty { targets.append("/v1/metrics?" + query) }
                    }
                }
            }
        }
        return targets
    }()

    @Test func notesReadTheSameInEitherOrder() throws {
        let forward = APIHarness(store: try SpecStore.load(contentsOf: ShippedStore.path))
        let backward = APIHarness(store: try SpecStore.load(contentsOf: ShippedStore.path))
        let first = Self.targets.map { forward.request(.get, $0) }
        let second = Self.targets.reversed().map { backward.request(.get, $0) }.reversed()
        var empty = 0
        for (target, (one, other)) in zip(Self.targets, zip(first, second)) {
            #expect(one.status == 200, "\(target)")
            #expect(one.notes == other.notes, "\(target)")
            #expect(one.body == other.body, "\(target)")
            if one.notes.contains(where: { $0.hasPrefix("Nothing in ") }) { empty += 1 }
        }
        // The walk must meet empty answers, or it checks nothing of their notes.
        #expect(empty > 50)
    }
}
