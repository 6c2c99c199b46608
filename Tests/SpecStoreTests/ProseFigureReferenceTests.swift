import Foundation
import JSON
import Testing

// The figures Apple states in a sentence, the visionOS button and window figures, against
// `Fixtures/reference/prose-figures.json` and `visionos-buttons-windows.json`, read with
// Foundation alone (as ReferenceFigureTests reads the tables): every reference row has its record,
// with the row's value, unit, bound, platforms, page and Apple's sentence verbatim as its quote.

/// Apple's prose figures and the visionOS button and window figures against the reference.
@Suite("Prose figures against the reference")
struct ProseFigureReferenceTests {
    static let base = "https://developer.apple.com/design/human-interface-guidelines/"

    let metrics: [JSONObject]

    init() throws { metrics = try ReferenceFiles.spec().records("metrics") }

    /// The store bounds a reference row's `bound` maps to: Apple's approximate figure is `about`
    /// ("about 10 pixels"), but "more than about five items" is still a limit; an example, a
    /// typical figure and a figure Apple gives as what something is are `exact`; a target to
    /// strive for is a `minimum` to meet; a preferred ratio within a maximum is a `maximum`.
    static let bounds: [String: Set<String>] = [
        "minimum": ["minimum"], "minimum display size": ["minimum"], "target": ["minimum"],
        "maximum": ["maximum"], "maximum (approximate)": ["maximum"], "preferred": ["maximum"],
        "threshold (approximate)": ["maximum"], "threshold": ["minimum", "maximum"],
        "exact": ["exact", "default"], "exact (PNG only)": ["exact"], "typical": ["exact"], "example": ["exact"],
        "approximate": ["about"], "avoid (approximate)": ["about"],
        "range": ["range"], "typical range": ["range"], "recommended range": ["range"],
    ]

    /// The store unit of a reference row's unit.
    static func unit(of reference: String) -> String {
        if reference.hasPrefix("percent") { return "percent" }
        return switch reference {
        case "fraction of canvas": "percent"
        case "actions": "count"
        case "lines each": "lines"
        case "h:min": "min"
        case "scale factor": "x"
        default: reference
        }
    }

    /// The platforms a row's platform words give.
    static func platforms(of words: String) -> Set<String> {
        if words == "all" { return ["all"] }
        if words.hasPrefix("all but watchOS") { return ["ios", "ipados", "macos", "tvos", "visionos"] }
        if words.hasPrefix("iOS (iPhone") { return ["ios"] }
        return Set(words.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces).lowercased() })
    }

    /// One figure a row gives, as the store's fields hold it, with its own unit where the row
    /// gives sizes in points and pixels, and the scale a pixel size is at (named as `@2x`).
    struct Figure {
        var fields: [String: Double]
        var unit: String? = nil
        var scale: String? = nil
    }

    /// The figures a row gives: one per record.
    static func figures(of row: JSONObject) -> [Figure] {
        if let range = row["range"] as? [Any], let low = JSONObject.number(range.first),
            let high = JSONObject.number(range.last)
        {
            // "One or two per view" and "a maximum of 60 to 75 characters" bound at the upper end.
            return [Figure(fields: row.string("bound") == "maximum" ? ["value": high] : ["min": low, "max": high])]
        }
        if let hours = row.number("max_hours"), let minutes = row.number("max_minutes") {
            return [Figure(fields: ["value": hours * 60 + minutes])]
        }
        if let width = row.number("width_px") ?? row.number("width_pt"),
            let height = row.number("height_px") ?? row.number("height_pt")
        {
            return [Figure(fields: ["width": width, "height": height])]
        }
        let sizes = ["size_pt", "size_px_1x", "size_px_2x", "size_px_3x"].compactMap { key -> Figure? in
            guard let size = row[key] as? [Any], let width = JSONObject.number(size.first),
                let height = JSONObject.number(size.last)
            else { return nil }
            let scale = key.hasPrefix("size_px_") ? "@" + key.dropFirst("size_px_".count) : nil
            return Figure(fields: ["width": width, "height": height], unit: scale == nil ? "pt" : "px", scale: scale)
        }
        if !sizes.isEmpty { return sizes }
        if let opacity = row.number("opacity_percent") { return [Figure(fields: ["value": opacity])] }
        if let ratio = row.number("ratio") { return [Figure(fields: ["value": ratio])] }
        // Apple's "1:1" is the ratio 1.
        if let printed = row.string("value"), case let parts = printed.split(separator: ":"), parts.count == 2,
            let antecedent = Double(parts[0]), let consequent = Double(parts[1])
        {
            return [Figure(fields: ["value": antecedent / consequent])]
        }
        guard let value = row.number("value") else { return [] }
        return [Figure(fields: ["value": row.string("unit") == "fraction of canvas" ? value * 100 : value])]
    }

    /// Records quoting `sentence` at `url`, in any state.
    func citing(_ sentence: String, at url: String) -> [JSONObject] {
        metrics.filter { record in
            (record["citations"] as? [JSONObject] ?? []).contains {
                $0.string("quote") == sentence && $0.string("url") == url
            }
        }
    }

    @Test("every prose figure has its record: value, unit, bound, platforms, page, and Apple's sentence as its quote")
    func everyRow() throws {
        let rows = try ReferenceFiles.rows("prose-figures.json")
        #expect(rows.count == 107)
        var matched = Set<String>()
        for (position, row) in rows.enumerated() {
            let sentence = try #require(row.string("apple_text"))
            let url = try #require(row.string("page"))
            let candidates = citing(sentence, at: url)
            let figures = Self.figures(of: row)
            #expect(!figures.isEmpty, "row \(position) gives no figure")
            for figure in figures {
                // A row that gives the sentence of a record the store held before may find it held
                // for fewer platforms than the sentence names (the prominent buttons, iOS and iPadOS).
                let platforms = Self.platforms(of: row.string("platform") ?? "")
                let held = row.string("kind") == "quote for a held record"
                // One sentence may give one figure twice (up to four secondary and four auxiliary
                // fields): each row takes a record no earlier row took.
                let record = candidates.first { record in
                    guard !matched.contains(record.string("id") ?? "") else { return false }
                    let own = Set(record.strings("platforms"))
                    return figure.fields.allSatisfy { record.number($0.key) == $0.value }
                        && (figure.scale.map { record.string("name")?.contains($0) == true } ?? true)
                        && (own == platforms || (held && (platforms == ["all"] || own.isSubset(of: platforms))))
                }
                guard let record else {
                    Issue.record(
                        "row \(position) (\(row.string("figure") ?? "")): no record quotes '\(sentence)' at \(url) with \(figure.fields)"
                    )
                    continue
                }
                let id = record.string("id") ?? ""
                matched.insert(id)
                #expect(record.string("status") == "published", "\(id)")
                let unit = figure.unit ?? Self.unit(of: row.string("unit") ?? "")
                #expect((record.string("unit") ?? "pt") == unit, "\(id)")
                let bound = try #require(Self.bounds[row.string("bound") ?? ""], "row \(position): unmapped bound")
                #expect(bound.contains(record.string("bound") ?? ""), "\(id): \(record.string("bound") ?? "")")
                let citation = try #require((record["citations"] as? [JSONObject])?.first)
                let slug = String(url.dropFirst(Self.base.count).prefix { $0 != "#" })
                #expect(citation.string("page")?.hasPrefix("HIG › ") == true, "\(id)")
                #expect(citation.string("url")?.hasPrefix(Self.base + slug + "#") == true, "\(id)")
                if let force = record.string("force") { #expect(sentence.contains(force), "\(id)") }
            }
        }
        // 102 rows give 111 figures (a list item's @1x and @2x sizes are two records), and 7 rows
        // are the sentences of records the store already held (the alerts, the five quotes).
        #expect(matched.count == 118, "\(matched.count)")
    }

    @Test("the alert figures are Apple's: up to three buttons, titles of no more than two lines")
    func alerts() throws {
        let buttons = try #require(metrics.first { $0.string("id") == "metric.alerts.all.maximum-buttons" })
        #expect(buttons.number("value") == 3 && buttons.string("status") == "published")
        let title = try #require(metrics.first { $0.string("id") == "metric.alerts.all.title-lines" })
        #expect(title.number("value") == 2 && title.string("unit") == "lines" && title.string("bound") == "maximum")
        for record in [buttons, title] {
            #expect((record["citations"] as? [JSONObject])?.first?.string("section") == "Content")
        }
    }

    @Test("visionOS button sizes, the shapes available at each, and the default window, with their 2023 names and size")
    func visionOS() throws {
        let rows = try ReferenceFiles.rows("visionos-buttons-windows.json")
        let byID = byID(metrics)
        var checked = 0
        for row in rows where row.string("revision") == nil {
            switch row.string("kind") {
            case "button size":
                let size = try #require(row.string("size"))
                let record = try #require(byID["metric.buttons.visionos.size-\(idFragment(size))"], "\(size)")
                #expect(record.number("value") == row.number("size_pt") && record.string("bound") == "exact")
                let quote = (record["citations"] as? [JSONObject])?.first?.string("quote")
                #expect(quote == row.string("asPublished"))
                #expect((record["citations"] as? [JSONObject])?.first?.string("url") == row.string("page"))
                checked += 1
            case "shape availability":
                let shape = try #require(row.string("shape"))
                let record = try #require(byID["metric.buttons.visionos.\(idFragment(shape))-sizes"], "\(shape)")
                let sizes = (row["sizes_pt_available"] as? [Any] ?? []).compactMap(JSONObject.number)
                #expect(record.number("min") == sizes.min() && record.number("max") == sizes.max(), "\(shape)")
                // Every size Apple marks is named in the record's notes, so the range is read as Apple's sizes.
                for size in sizes { #expect(record.string("notes")?.contains("(\(Int(size)) pt)") == true, "\(shape)") }
                checked += 1
            default:
                let sentence = try #require(row.string("apple_text"))
                let records = citing(sentence, at: try #require(row.string("page")))
                let record = try #require(
                    records.first {
                        $0.number("value") == row.number("value")
                            && ($0.number("width") == row.number("width_pt")
                                && $0.number("height") == row.number("height_pt"))
                    }, "\(row.string("figure") ?? "")")
                #expect(record.string("unit") ?? "pt" == row.string("unit"))
                checked += 1
            }
        }
        #expect(checked == 12)
        // The 2023 copy's names and window size answer for the versions before the 2025 revision.
        for row in rows where row.string("revision") != nil {
            let earlier: JSONObject?
            switch row.string("kind") {
            case "button size":
                let now = try #require(row.string("now")?.split(separator: " (").first.map(String.init))
                earlier = byID["metric.buttons.visionos.size-\(idFragment(now))"]?.historyValues(until: "2025-06-09")
                let quote = (earlier?["citations"] as? [JSONObject])?.first?.string("quote")
                #expect(quote == row.string("asPublished"))
            case "shape availability":
                let now = try #require(row.string("now"))
                earlier = byID["metric.buttons.visionos.\(idFragment(now))-sizes"]?.historyValues(until: "2025-06-09")
                #expect(earlier?.string("name")?.contains(row.string("shape") ?? "-") == true)
            default:
                earlier = byID["metric.windows.visionos.default-size"]?.historyValues(until: "2025-06-09")
                #expect(earlier?.number("width") == row.number("width_pt"))
                #expect(earlier?.number("height") == row.number("height_pt"))
                let quote = (earlier?["citations"] as? [JSONObject])?.first?.string("quote")
                #expect(quote == row.string("apple_text"))
            }
            #expect(earlier != nil, "\(row.string("asPublished") ?? "")")
        }
    }
}
