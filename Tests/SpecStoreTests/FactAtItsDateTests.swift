import Testing

@testable import SpecStore

/// Every fact at its date, its scope and its force: each test runs one rule over every record of
/// every version, so a fault of a kind is caught in whichever record it next appears.
@Suite("Every fact at its date, its scope and its force")
struct FactAtItsDateTests {
    static var store: SpecStore { RealDataTests.store }

    /// Every version's snapshot, oldest first.
    static func snapshots() throws -> [SpecSnapshot] {
        try store.versions.map { try store.snapshot(version: $0.id) }
    }

    /// A measurement of a metric that lies outside its figure: under a minimum, over anything else.
    static func outside(_ entry: SpecSnapshot.Entry) -> Measurement? {
        let fields = entry.fields
        let bound = fields["bound"]?.stringValue ?? "exact"
        let factor = bound == "minimum" ? 0.5 : 2
        if fields["minCategory"] != nil {
            return fields["minCategory"] == "xSmall"
                ? Measurement(figure: entry.id, category: .accessibility5)
                : Measurement(figure: entry.id, category: .xSmall)
        }
        if let width = fields["width"]?.doubleValue, let height = fields["height"]?.doubleValue {
            return Measurement(figure: entry.id, width: width * factor + 1, height: height * factor + 1)
        }
        if let max = fields["max"]?.doubleValue { return Measurement(figure: entry.id, value: max * 2 + 1) }
        guard let value = fields["value"]?.doubleValue else { return nil }
        return Measurement(figure: entry.id, value: bound == "minimum" ? value / 2 - 1 : value * 2 + 1)
    }

    @Test("only a bounded figure is judged as a limit; an exact figure and a description answer what they give")
    func onlyBoundedFiguresAreLimits() throws {
        var judged = 0
        for snapshot in try Self.snapshots() {
            for entry in snapshot.rows(.metrics) {
                guard let measurement = Self.outside(entry) else { continue }
                let row = try snapshot.check(measurement)
                let fields = entry.fields
                let bound = fields["bound"]?.stringValue ?? "exact"
                let published = fields["status"] == "published"
                let describes = fields["kind"] == "description"
                let expected =
                    !published || describes
                    ? "info" : SpecSnapshot.isBounded(bound) ? "warning" : "advisory"
                let message = row["message"]?.stringValue ?? ""
                #expect(
                    row["severity"]?.stringValue == expected,
                    "\(snapshot.version.id) \(entry.id) (\(bound)): \(message)")
                if !SpecSnapshot.isBounded(bound) || describes {
                    #expect(
                        !message.contains("published maximum") && !message.contains("published minimum")
                            && !message.contains("published figure"), "\(entry.id): \(message)")
                }
                judged += 1
            }
        }
        #expect(judged > 1000, "\(judged)")
        // The example of the issue: the Menus page describes layouts; it does not cap a menu.
        let menu = try Self.store.latest.check(Measurement(figure: "metric.menus.ios.small-layout-items", value: 5))
        #expect(menu["severity"] != "warning")
    }
}
