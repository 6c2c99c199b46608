import SpecAPI
import SpecStore
import Testing

/// A closed field's ``FilterField/acceptedValues`` are exhaustive: every value its decoding takes,
/// in any spelling, is one of them in its one spelling, and each of them is taken as it is
/// listed. An error that lists them, and every description of the field, then names every value
/// the field takes and no other.
@Suite struct AcceptedValuesTests {
    /// Every declared filter a route decodes, and the check's measurement tables.
    static let filters: [any DeclaredFilter.Type] =
        Route.allCases.compactMap { $0.endpoint.filter }
        + [Measurement.self, ContrastMeasurement.self, ComplicationMeasurement.self]

    /// Spellings to offer every field: every value and alias of every closed vocabulary, the
    /// other words a field of text takes, and words none takes.
    static let spellings: [String] = {
        var all: [String] = []
        for kind in FilterVocabulary.Kind.allCases {
            all += FilterVocabulary.values(of: kind) ?? []
            all += FilterVocabulary.aliases(of: kind)
        }
        all += ["true", "FALSE", "yes", "no", "1", "0", "on", "pt", "PX", "points", "pixels", "px!", "45", "45 mm"]
        all += ["zzz", "", " ", "-", "Regular Width", "AX5", "image", "text"]
        return all
    }()

    @Test func everyDeclaredFilterIsWalked() {
        #expect(Self.filters.count >= 15)
    }

    @Test(arguments: 0..<filters.count)
    func everyValueAClosedFieldTakesIsListed(index: Int) {
        check(Self.filters[index])
    }

    private func check<Filter: DeclaredFilter>(_ type: Filter.Type) {
        for field in Filter.fields {
            let closed: Bool
            switch field.kind {
            case .vocabulary(let kind):
                // A static vocabulary lists its values; one drawn from the data is the snapshot's to list.
                closed = FilterVocabulary.values(of: kind) != nil
                if closed {
                    #expect(field.acceptedValues == FilterVocabulary.values(of: kind), "\(type).\(field.name)")
                }
            case .flag: closed = true
            case .text, .number, .screen: closed = field.acceptedValues != nil
            }
            guard closed else {
                #expect(field.acceptedValues == nil, "\(type).\(field.name) lists values it does not hold to")
                continue
            }
            let listed = field.acceptedValues ?? []
            #expect(!listed.isEmpty, "\(type).\(field.name)")
            // Each value listed is taken, and written back as listed (a flag's false as nothing).
            for value in listed {
                var filter = Filter()
                let given: FilterValue = field.kind == .flag ? .flag(value == "true") : .text(value)
                #expect(
                    field.refusal(of: given) == nil && field.assign(given, to: &filter),
                    "\(type).\(field.name)=\(value)")
                let written = field.canonicalText(of: filter)
                #expect(
                    written == value || written == nil, "\(type).\(field.name)=\(value) is written \(written ?? "")")
            }
            guard field.kind != .flag else { continue }
            // Every spelling taken is one of the values listed.
            for spelling in Self.spellings {
                var filter = Filter()
                guard field.refusal(of: .text(spelling)) == nil, field.assign(.text(spelling), to: &filter) else {
                    continue
                }
                let written = field.canonicalText(of: filter)
                #expect(
                    written.map(listed.contains) ?? true,
                    "\(type).\(field.name) takes \(spelling) as \(written ?? ""), which it does not list")
            }
        }
    }
}
