import JSON

extension SpecSnapshot {
    /// One size an asset row gives in pixels: its scale's label (`@2x`, or `px` for a size Apple
    /// gives without a scale), the size, and whether the store computed it (points × scale, where
    /// Apple's table gives points only).
    private struct PixelSize {
        let row: Entry
        let label: String
        let width: Double
        let height: Double
        let computed: Bool

        var text: String { "\(JSONNumber(width))×\(JSONNumber(height)) px" }
    }

    /// Judges an image's (or a video's) pixel size against the size Apple publishes for an asset
    /// (`/v1/check?asset=…&width=…&height=…`, with `variant` and `platform` where the asset has
    /// several sizes).
    ///
    /// The rows judged are the asset's rows that give the whole file's size (`wholeAsset`), on
    /// `platform` and of `variant` where given. A row's pixel sizes are Apple's per scale; where
    /// Apple gives points only (Wallet), each scale's size is points × scale, and the answer says
    /// it is computed. A size that equals one of them (fits under a maximum, reaches a minimum)
    /// is `ok`; otherwise the nearest is judged: `below-published` or `above-published` (by area
    /// where one side is over and the other under), severity `warning` — an asset's size is the
    /// size the system takes the file at, not a starting point.
    ///
    /// The row: `figure` (the asset record judged against), `asset`, `variant`, `platform`,
    /// `measured`, `scale`, `computed`, `result`, `severity`, `message`, `force` (`null`),
    /// `status`, `sizes` (every size judged against) and `citation`. Where Apple publishes no
    /// pixel size for the asset (a printed App Clip Code, a platform without the asset), `figure`
    /// is `null` and `result` `no-applicable-figure`, and the message says what Apple does publish.
    ///
    /// - Throws: ``QueryError`` `unknown_value` for an unknown asset or variant (listing the
    ///   accepted ones); `missing_parameter` without width and height; `invalid_value` for a
    ///   figure, element, measure, value or category beside an asset.
    public func checkAsset(_ measurement: Measurement) throws(QueryError) -> JSONValue {
        guard let raw = measurement.asset else { throw QueryError.missing("asset", expected: "an asset name") }
        let shape = "an asset is judged by its pixel width and height"
        if !measurement.figure.isEmpty {
            throw QueryError.inapplicable(
                "figure", value: measurement.figure, because: "asset '\(raw)' names what to judge against",
                hint: "Give figure, element or asset, not two of them.")
        }
        if let element = measurement.element {
            throw QueryError.inapplicable(
                "element", value: element, because: "asset '\(raw)' names what to judge against",
                hint: "Give element or asset, not both.")
        }
        if let measure = measurement.measure {
            throw QueryError.inapplicable(
                "measure", value: measure, because: "it names what was measured on an element",
                hint: "Give variant to pick one size of an asset.")
        }
        if let value = measurement.value {
            throw QueryError.inapplicable(
                "value", value: "\(JSONNumber(value))", because: shape, hint: "Give width and height in pixels.")
        }
        if let category = measurement.category {
            throw QueryError.inapplicable(
                "category", value: category.rawValue, because: shape, hint: "Give width and height in pixels.")
        }
        let asset = try assetName(matching: raw)
        var rows = rows(.assetSizes).filter { $0.fields["asset"]?.stringValue == asset }
        let variants = rows.compactMap { $0.fields["variant"]?.stringValue }.reduce(into: [String]()) {
            if !$0.contains($1) { $0.append($1) }
        }
        if let wanted = measurement.variant {
            let key = FilterVocabulary.matchKey(wanted)
            // Apple's whole label, a part of it, or its first words (`printed` for Printed
            // communications) where they name one variant only.
            let exact = rows.filter { Self.variantKeys($0.fields["variant"]?.stringValue).contains(key) }
            let starting = rows.filter { entry in
                Self.variantKeys(entry.fields["variant"]?.stringValue).contains { !key.isEmpty && $0.hasPrefix(key) }
            }
            let startingLabels = Set(starting.compactMap { $0.fields["variant"]?.stringValue })
            rows = !exact.isEmpty ? exact : startingLabels.count == 1 ? starting : []
            guard !rows.isEmpty else {
                throw QueryError(
                    code: .unknownValue, parameter: "variant", value: wanted, accepted: variants,
                    message: variants.isEmpty
                        ? "\(asset) has one size: it takes no variant."
                        : "'\(wanted)' is not a variant of \(asset).",
                    hint: variants.isEmpty
                        ? "Leave variant out." : "Give variant as one of \(variants.joined(separator: ", ")).")
            }
        }
        guard let width = measurement.width else {
            throw QueryError.missing("width", expected: "the image's width in pixels, with height", because: shape)
        }
        guard let height = measurement.height else {
            throw QueryError.missing("height", expected: "the image's height in pixels, with width", because: shape)
        }
        let onPlatform = rows.filter { Self.matches(platform: measurement.platform?.rawValue, $0.fields) }
        let whole = onPlatform.filter { $0.fields["wholeAsset"]?.boolValue == true }
        let sizes = whole.flatMap(Self.pixelSizes)

        var answer = JSONObject()
        var measured = JSONObject()
        measured.append("width", .number(JSONNumber(width)))
        measured.append("height", .number(JSONNumber(height)))
        let measuredText = "\(JSONNumber(width))×\(JSONNumber(height)) px"

        guard !sizes.isEmpty else {
            answer.append("figure", .null)
            answer.append("asset", .string(asset))
            answer.append("variant", measurement.variant.map(JSONValue.string) ?? .null)
            if let platform = measurement.platform { answer.append("platform", .string(platform.rawValue)) }
            answer.append("measured", .object(measured))
            answer.append("result", .string(CheckResult.noApplicableFigure.rawValue))
            answer.append("severity", .string(CheckSeverity.none.rawValue))
            answer.append(
                "message", .string(noPixelSizeMessage(asset, rows: rows, onPlatform: onPlatform, measurement)))
            answer.append("force", .null)
            answer.append("status", .null)
            answer.append("sizes", [])
            return .object(answer)
        }

        func fits(_ size: PixelSize) -> Bool {
            switch size.row.fields["bound"]?.stringValue {
            case "maximum": width <= size.width && height <= size.height
            case "minimum": width >= size.width && height >= size.height
            default: width == size.width && height == size.height
            }
        }
        let matched = sizes.first(where: fits)
        let judged =
            matched
            ?? sizes.min {
                abs($0.width - width) + abs($0.height - height) < abs($1.width - width) + abs($1.height - height)
            }
            ?? sizes[0]
        let bound = judged.row.fields["bound"]?.stringValue ?? "exact"
        let name = Self.assetPhrase(judged.row)
        let scaleWords = judged.label == "px" ? "" : " at \(judged.label)"
        let origin =
            judged.computed
            ? " (computed: Apple's table gives \(Self.pointsText(judged.row)); points × \(judged.label.dropFirst().dropLast()))"
            : ""
        let result: CheckResult
        let severity: CheckSeverity
        var message: String
        if matched != nil {
            result = .ok
            severity = .none
            switch bound {
            case "maximum":
                message =
                    "\(measuredText) is within Apple's published maximum for \(name): \(judged.text)\(scaleWords)\(origin)."
            case "minimum":
                message =
                    "\(measuredText) meets Apple's published minimum for \(name): \(judged.text)\(scaleWords)\(origin)."
            default: message = "\(measuredText) is Apple's published size for \(name)\(scaleWords)\(origin)."
            }
        } else {
            severity = .warning
            let under = width < judged.width || height < judged.height
            let over = width > judged.width || height > judged.height
            if bound == "minimum" || (under && !over) {
                result = .belowPublished
            } else if bound == "maximum" || (over && !under) {
                result = .abovePublished
            } else {
                result = width * height < judged.width * judged.height ? .belowPublished : .abovePublished
            }
            let others = sizes.count > 1 ? " The nearest of the \(sizes.count) sizes judged; sizes lists them all." : ""
            switch bound {
            case "maximum":
                message =
                    "\(measuredText) is over Apple's published maximum for \(name): \(judged.text)\(scaleWords)\(origin).\(others)"
            case "minimum":
                message =
                    "\(measuredText) is under Apple's published minimum for \(name): \(judged.text)\(scaleWords)\(origin).\(others)"
            default:
                message =
                    "\(measuredText) differs from Apple's published size for \(name): \(judged.text)\(scaleWords)\(origin).\(others)"
            }
            if measurement.variant == nil, variants.count > 1 {
                message += " Give variant (\(variants.joined(separator: ", "))) to judge against one."
            }
        }
        if judged.row.fields["wholeAsset"]?.boolValue == true, judged.row.fields["table"] == "top-shelf" {
            message +=
                " Keep what matters inside the focused (safe zone) size: /v1/asset-sizes?asset=top-shelf lists it."
        }
        answer.append("figure", .string(judged.row.id))
        answer.append("asset", .string(asset))
        answer.append("variant", judged.row.fields["variant"] ?? .null)
        if let platform = measurement.platform { answer.append("platform", .string(platform.rawValue)) }
        answer.append("measured", .object(measured))
        answer.append("scale", .string(judged.label))
        answer.append("computed", .bool(judged.computed))
        answer.append("result", .string(result.rawValue))
        answer.append("severity", .string(severity.rawValue))
        answer.append("message", .string(message))
        answer.append("force", .null)
        answer.append("status", judged.row.fields["status"] ?? .null)
        answer.append(
            "sizes",
            .array(
                sizes.map { size in
                    var object = JSONObject()
                    object.append("figure", .string(size.row.id))
                    object.append("variant", size.row.fields["variant"] ?? .null)
                    object.append("scale", .string(size.label))
                    object.append("width", .number(JSONNumber(size.width)))
                    object.append("height", .number(JSONNumber(size.height)))
                    object.append("bound", size.row.fields["bound"] ?? "exact")
                    object.append("computed", .bool(size.computed))
                    return .object(object)
                }))
        if let citation = judged.row.fields["citations"]?.arrayValue?.first?.objectValue {
            answer.append(
                "citation",
                .object(
                    JSONObject(
                        citation.filter { ["page", "section", "url"].contains($0.key) }.map { ($0.key, $0.value) })))
        }
        return .object(answer)
    }

    /// The pixel sizes a row gives: Apple's per scale, or points × 1, 2 and 3 where it gives
    /// points only.
    private static func pixelSizes(_ entry: Entry) -> [PixelSize] {
        func size(_ field: String) -> (Double, Double)? {
            guard let width = entry.fields[field]?["width"]?.doubleValue,
                let height = entry.fields[field]?["height"]?.doubleValue
            else { return nil }
            return (width, height)
        }
        var sizes: [PixelSize] = []
        for scale in AssetScale.allCases {
            if let (width, height) = size(scale.field) {
                sizes.append(
                    PixelSize(row: entry, label: "@\(scale.rawValue)", width: width, height: height, computed: false))
            }
        }
        if let (width, height) = size("px") {
            sizes.append(PixelSize(row: entry, label: "px", width: width, height: height, computed: false))
        }
        if sizes.isEmpty, let (width, height) = size("sizePt") {
            for scale in AssetScale.allCases {
                let factor = Double(scale.factor)
                sizes.append(
                    PixelSize(
                        row: entry, label: "@\(scale.rawValue)", width: width * factor, height: height * factor,
                        computed: true))
            }
        }
        return sizes
    }

    /// `Wallet strip (event ticket)`.
    private static func assetPhrase(_ entry: Entry) -> String {
        let asset = entry.fields["asset"]?.stringValue ?? entry.id
        guard let variant = entry.fields["variant"]?.stringValue else { return asset }
        return "\(asset) (\(variant))"
    }

    /// A row's size in points, as words: `375×98 pt`.
    private static func pointsText(_ entry: Entry) -> String {
        guard let width = entry.fields["sizePt"]?["width"]?.doubleValue,
            let height = entry.fields["sizePt"]?["height"]?.doubleValue
        else { return "points" }
        return "\(JSONNumber(width))×\(JSONNumber(height)) pt"
    }

    /// The keys a variant label is matched by: the whole label, the label before a parenthesis
    /// (`Poster (2:3)` is `poster`), and each comma-separated part (`coupon, store card`).
    static func variantKeys(_ label: String?) -> [String] {
        guard let label else { return [] }
        var keys = [FilterVocabulary.matchKey(label)]
        let parts = label.split(separator: ",").map(String.init)
        for part in parts + [label] {
            keys.append(FilterVocabulary.matchKey(part))
            if let open = part.firstIndex(of: "(") { keys.append(FilterVocabulary.matchKey(String(part[..<open]))) }
        }
        return keys.filter { !$0.isEmpty }
    }

    /// What an asset without a pixel size to judge against answers: what Apple does publish.
    private func noPixelSizeMessage(
        _ asset: String, rows: [Entry], onPlatform: [Entry], _ measurement: Measurement
    ) -> String {
        if let platform = measurement.platform, onPlatform.isEmpty {
            let name = Self.platformNames[platform.rawValue] ?? platform.rawValue
            let covered = Set(rows.flatMap { $0.fields["platforms"]?.arrayValue?.compactMap(\.stringValue) ?? [] })
            return
                "Apple publishes no size of \(asset) for \(name) in version \(version.id); its rows are for \(covered.sorted().joined(separator: ", "))."
        }
        let printed = onPlatform.compactMap { entry -> String? in
            guard let text = entry.fields["asPublished"]?.stringValue else { return nil }
            return "\(entry.fields["attribute"]?.stringValue ?? ""): \(text)"
        }
        return
            "Apple publishes no pixel size of \(asset)\(measurement.variant.map { " (\($0))" } ?? "") to judge an image against in version \(version.id)"
            + (printed.isEmpty ? "." : "; it gives \(printed.joined(separator: "; ")).")
    }
}
