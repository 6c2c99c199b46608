import JSON

extension SpecSnapshot {
    /// Screen sizes (`/v1/devices`), in the data file's order.
    ///
    /// Rows: `id`, `name`, `family`, `platforms`, `points`, `scale`, `pixels`, `sizeClasses`
    /// (`{portrait:{horizontal,vertical}, landscape:{…}}`, `null` where Apple's size-class table does
    /// not have the model), `caseSize`, `asPublished`, then the provenance fields. `width` and
    /// `height` match the portrait points exactly.
    public func devices(matching filter: DeviceFilter) throws(QueryError) -> QueryResult {
        if let size = filter.caseSize {
            var every = filter
            every.caseSize = nil
            return narrowed(try devices(matching: every), to: size, everyCase: false, noun: "device")
        }
        let family = filter.family?.rawValue
        let platform = filter.platform?.rawValue
        let narrows = filter.width != nil || filter.height != nil || filter.sizeClass != nil
        // A choice among the snapshot's rows, so a page writes its rows from the bytes kept and a
        // sort takes the version's kept order.
        let items = rowValues(
            .devices, platform: platform, where: ["family": family],
            accept: narrows
                ? { entry in
                    let fields = entry.fields
                    if let width = filter.width, fields["points"]?["width"]?.doubleValue != width { return false }
                    if let height = filter.height, fields["points"]?["height"]?.doubleValue != height { return false }
                    if let condition = filter.sizeClass, !SpecSnapshot.satisfies(condition, entry.row["sizeClasses"]) {
                        return false
                    }
                    return true
                } : nil)
        var notes: [Note] = []
        if items.isEmpty, filter.width != nil || filter.height != nil {
            notes.append("No device in this version has a portrait screen of exactly that size in points.")
        }
        return QueryResult(chosen: items, notes: notes)
    }

    /// One device (`/v1/devices/{id}`) with the widget sizes for its screen.
    ///
    /// `id` may be the record id (`device.iphone-16-pro`), the id without its `device.` prefix, or
    /// the model name. The result carries the device's row and, beside it, Apple's widget rows for
    /// the device's screen (for a watch, its case size); where Apple's widget table has no row for
    /// that screen, the widget rows are empty and their notes name the nearest published screen.
    ///
    /// - Throws: ``QueryError`` `not_found`.
    public func device(id: String) throws(QueryError) -> DeviceRecord {
        guard let entry = findDevice(id) else {
            throw QueryError(
                code: .notFound, parameter: "id", value: id,
                accepted: rows(.devices).map(\.id), message: "No device '\(id)' in version \(version.id).")
        }
        let records = deviceRecords.value {
            var records: [String: DeviceRecord] = [:]
            for device in rows(.devices) { records[device.id] = deviceRecord(entry: device) }
            return records
        }
        return records[entry.id] ?? deviceRecord(entry: entry)
    }

    /// The device of `entry` with its widget rows and notes.
    private func deviceRecord(entry: Entry) -> DeviceRecord {
        let widgets = widgetRows(for: entry, platform: nil, family: nil)
        // Apple's size-class table covers iPhones and iPads; say so where it omits one of them.
        let family = entry.fields["family"]?.stringValue
        let omitted = entry.row["sizeClasses"] == .null && (family == "iphone" || family == "ipad")
        return DeviceRecord(
            item: entry.row, widgets: widgets,
            notes: widgets.notes + (omitted ? emptySizeClassNotes(deviceID: entry.id) : []))
    }

    /// The size-class table (`/v1/size-classes`), one row per model × orientation.
    ///
    /// Rows: `id` (the record id plus `.portrait` or `.landscape`), `device` (Apple's model name as
    /// the table prints it), `devices` (ids), `orientation`, `horizontal`, `vertical`, then the
    /// provenance fields. `device` filters by a device id, its model name, or the table's name.
    public func sizeClasses(matching filter: SizeClassFilter) throws(QueryError) -> QueryResult {
        let orientation = filter.orientation?.rawValue
        let horizontal = filter.horizontal?.rawValue
        let vertical = filter.vertical?.rawValue
        var deviceID: String? = nil
        var deviceName: String? = nil
        if let raw = filter.device {
            if let entry = findDevice(raw) {
                deviceID = entry.id
            } else {
                let key = FilterVocabulary.matchKey(raw)
                guard
                    let name = distinct("device", in: [.sizeClasses]).first(where: {
                        FilterVocabulary.matchKey($0) == key
                    })
                else {
                    throw QueryError.unknownValue(raw, for: "device", accepted: acceptedValues(for: .device))
                }
                deviceName = name
            }
        }
        var items: [JSONValue] = []
        for entry in rows(.sizeClasses) {
            let fields = entry.fields
            if let deviceID, !(fields["devices"]?.arrayValue ?? []).contains(.string(deviceID)) { continue }
            if let deviceName, fields["device"]?.stringValue != deviceName { continue }
            for side in FilterVocabulary.orientations {
                if let orientation, orientation != side { continue }
                let pair = fields[side]
                if let horizontal, pair?["horizontal"]?.stringValue != horizontal { continue }
                if let vertical, pair?["vertical"]?.stringValue != vertical { continue }
                var row = JSONObject()
                row.append("id", .string("\(entry.id).\(side)"))
                row.append("device", fields["device"] ?? .null)
                row.append("devices", fields["devices"] ?? .array([]))
                row.append("orientation", .string(side))
                row.append("horizontal", pair?["horizontal"] ?? .null)
                row.append("vertical", pair?["vertical"] ?? .null)
                if case .object(let full) = entry.row {
                    for (key, value) in full where !["id", "device", "devices", "portrait", "landscape"].contains(key) {
                        row.append(key, value)
                    }
                }
                items.append(.object(row))
            }
        }
        return QueryResult(items: items, notes: items.isEmpty ? emptySizeClassNotes(deviceID: deviceID) : [])
    }

    /// Widget dimensions (`/v1/widgets`), in the data file's order.
    ///
    /// Rows: `id`, `platform`, `platforms`, `screen`, `caseSize`, `family`, `width`, `height`,
    /// `variant`, `displayZoomMoreSpaceOnly`, `sizeMm`, then the provenance fields. `device` stands
    /// for the device's screen (a watch: its case size) and, unless `platform` is given, its
    /// platforms. When a screen is asked for that Apple's widget table has no row for, `items` is
    /// empty and `notes` names the nearest published screen; nothing is interpolated.
    public func widgets(matching filter: WidgetFilter) throws(QueryError) -> QueryResult {
        if let size = filter.caseSize {
            var every = filter
            every.caseSize = nil
            return narrowed(try widgets(matching: every), to: size, everyCase: false, noun: "widget row")
        }
        let platform = filter.platform?.rawValue
        let family = filter.family?.rawValue
        if let raw = filter.device {
            guard let device = findDevice(raw) else {
                throw QueryError.unknownValue(raw, for: "device", accepted: acceptedValues(for: .device))
            }
            var result = widgetRows(for: device, platform: platform, family: family)
            if let screen = filter.screen {
                result.items = result.items.filter { SpecSnapshot.screen(of: $0) == screen }
            }
            return result
        }
        var result = widgetRows(screen: filter.screen, caseSize: nil, platforms: platform.map { [$0] }, family: family)
        if result.items.isEmpty, let platform, filter.screen == nil, family == nil {
            result.notes += emptyWidgetNotes(platform: platform)
        }
        return result
    }

    // MARK: - Helpers

    func findDevice(_ raw: String) -> Entry? {
        let devices = rows(.devices)
        if let exact = entry(id: raw), collection(of: raw) == .devices { return exact }
        guard let position = vocabulary.deviceKeys[FilterVocabulary.matchKey(raw)] else { return nil }
        return devices[position]
    }

    static func satisfies(_ condition: SizeClassCondition, _ sizeClasses: JSONValue?) -> Bool {
        guard let sizeClasses, !sizeClasses.isNull else { return false }
        let axis = condition.isWidth ? "horizontal" : "vertical"
        let sides = condition.orientation.map { [$0] } ?? FilterVocabulary.orientations
        return sides.contains { sizeClasses[$0]?[axis]?.stringValue == condition.value }
    }

    static func screen(of row: JSONValue) -> ScreenSize? {
        guard let width = row["screen"]?["width"]?.doubleValue, let height = row["screen"]?["height"]?.doubleValue
        else {
            return nil
        }
        return ScreenSize(width: width, height: height)
    }

    private func widgetRows(for device: Entry, platform: String?, family: String?) -> QueryResult {
        if let refusal = widgetJoinRefusal(device) { return refusal }
        return annotatingWidgetJoin(device, widgetRowsJoined(to: device, platform: platform, family: family))
    }

    private func widgetRowsJoined(to device: Entry, platform: String?, family: String?) -> QueryResult {
        let platforms =
            platform.map { [$0] } ?? (device.fields["platforms"]?.arrayValue ?? []).compactMap(\.stringValue)
        if let width = device.fields["points"]?["width"]?.doubleValue,
            let height = device.fields["points"]?["height"]?.doubleValue
        {
            return widgetRows(
                screen: ScreenSize(width: width, height: height), caseSize: nil, platforms: platforms, family: family,
                deviceName: device.fields["name"]?.stringValue)
        }
        if let caseSize = device.fields["caseSize"]?.stringValue {
            return widgetRows(
                screen: nil, caseSize: caseSize, platforms: platforms, family: family,
                deviceName: device.fields["name"]?.stringValue)
        }
        return QueryResult(
            items: [], notes: ["Apple publishes no point size for this device, so no widget row can be matched to it."])
    }

    private func widgetRows(
        screen: ScreenSize?, caseSize: String?, platforms: [String]?, family: String?, deviceName: String? = nil
    ) -> QueryResult {
        var items: [JSONValue] = []
        var screenSeen = false
        for entry in rows(.widgets) {
            let fields = entry.fields
            if let platforms, !platforms.contains(where: { SpecSnapshot.matches(platform: $0, fields) }) { continue }
            if let screen, SpecSnapshot.screen(of: entry.row) != screen { continue }
            if let caseSize, fields["caseSize"]?.stringValue != caseSize { continue }
            screenSeen = true
            if let family, fields["family"]?.stringValue != family { continue }
            items.append(entry.row)
        }
        var notes: [Note] = []
        let subject =
            deviceName.map { "\($0) (\(screen?.description ?? caseSize ?? "?"))" } ?? screen?.description ?? caseSize
        if !screenSeen, let subject, screen != nil || caseSize != nil {
            var note = "Apple's widget table has no row for the \(subject) screen"
            if let platforms { note += " on \(platforms.joined(separator: ", "))" }
            note += "; no size is interpolated."
            if let screen, let nearest = nearestWidgetScreen(to: screen, platforms: platforms) {
                note += " The nearest published screen is \(nearest.description) pt (a different screen, not this one)"
                // Its rows' sizes, so the reader need not ask again (the server links the screen's
                // rows where it renders the note; the store's notes hold no URL).
                let sizes = widgetSizes(nearestWidgetRows(screen: nearest, platforms: platforms, family: family))
                if !sizes.isEmpty {
                    note += ": \(sizes.joined(separator: ", ")) pt"
                }
                note += "."
            } else if let caseSize, let nearest = nearestCaseSize(to: caseSize, platforms: platforms) {
                // A watch: the nearest case size Apple gives widget rows for, with their sizes.
                note += " The nearest published case size is \(nearest) (a different case, not this one)"
                let sizes = widgetSizes(nearestWidgetRows(caseSize: nearest, platforms: platforms, family: family))
                if !sizes.isEmpty {
                    note += ": \(sizes.joined(separator: ", ")) pt"
                }
                note += "."
            }
            notes.append(Note(note))
        } else if screenSeen, items.isEmpty, let family {
            notes.append("Apple's widget table has no \(family) row for this screen.")
        }
        return QueryResult(items: items, notes: notes)
    }

    /// The widget rows of the screen, or the watch case size, nearest the device's, for a device
    /// whose own Apple's widget table lacks: the rows and the screen (`393x852`) or case size
    /// (`45mm`) they are for. `nil` where the device has rows of its own, or no nearest exists.
    public func nearestWidgets(deviceID: String) -> (rows: [JSONValue], nearest: String)? {
        guard let device = findDevice(deviceID) else { return nil }
        let platforms = (device.fields["platforms"]?.arrayValue ?? []).compactMap(\.stringValue)
        if let width = device.fields["points"]?["width"]?.doubleValue,
            let height = device.fields["points"]?["height"]?.doubleValue
        {
            let screen = ScreenSize(width: width, height: height)
            guard nearestWidgetRows(screen: screen, platforms: platforms, family: nil).isEmpty,
                let nearest = nearestWidgetScreen(to: screen, platforms: platforms)
            else { return nil }
            return (nearestWidgetRows(screen: nearest, platforms: platforms, family: nil), nearest.description)
        }
        guard let caseSize = device.fields["caseSize"]?.stringValue,
            nearestWidgetRows(caseSize: caseSize, platforms: platforms, family: nil).isEmpty,
            let nearest = nearestCaseSize(to: caseSize, platforms: platforms)
        else { return nil }
        return (nearestWidgetRows(caseSize: nearest, platforms: platforms, family: nil), nearest)
    }

    /// The widget rows of one screen or one case size on `platforms`, of `family` if given.
    private func nearestWidgetRows(
        screen: ScreenSize? = nil, caseSize: String? = nil, platforms: [String]?, family: String?
    ) -> [JSONValue] {
        rows(.widgets).compactMap { entry in
            let fields = entry.fields
            if let platforms, !platforms.contains(where: { SpecSnapshot.matches(platform: $0, fields) }) { return nil }
            if let screen, SpecSnapshot.screen(of: entry.row) != screen { return nil }
            if let caseSize, fields["caseSize"]?.stringValue != caseSize { return nil }
            if let family, fields["family"]?.stringValue != family { return nil }
            return entry.row
        }
    }

    /// `systemSmall 158x158` for each row with a width and a height.
    private func widgetSizes(_ rows: [JSONValue]) -> [String] {
        rows.compactMap { row in
            guard case .number(let width)? = row["width"], case .number(let height)? = row["height"] else {
                return nil
            }
            // A watch's row has no family: its id names it (`…smart-stack`).
            let name =
                row["family"]?.stringValue ?? row["id"]?.stringValue?.split(separator: ".").last.map(String.init)
                ?? "widget"
            let variant = row["variant"]?.stringValue.map { " (\($0))" } ?? ""
            return "\(name)\(variant) \(width.literal)x\(height.literal)"
        }
    }

    /// The case size (`45mm`) nearest `caseSize` that has widget rows on `platforms`; the larger
    /// of two as near.
    private func nearestCaseSize(to caseSize: String, platforms: [String]?) -> String? {
        func millimetres(_ text: String) -> Double? { Double(text.prefix { $0.isNumber || $0 == "." }) }
        guard let target = millimetres(caseSize) else { return nil }
        var best: (String, Double, Double)? = nil
        for entry in rows(.widgets) {
            if let platforms, !platforms.contains(where: { SpecSnapshot.matches(platform: $0, entry.fields) }) {
                continue
            }
            guard let candidate = entry.fields["caseSize"]?.stringValue, let size = millimetres(candidate) else {
                continue
            }
            let distance = abs(size - target)
            if best == nil || distance < best!.1 || (distance == best!.1 && size > best!.2) {
                best = (candidate, distance, size)
            }
        }
        return best?.0
    }

    private func nearestWidgetScreen(to screen: ScreenSize, platforms: [String]?) -> ScreenSize? {
        var best: (ScreenSize, Double)? = nil
        for entry in rows(.widgets) {
            if let platforms, !platforms.contains(where: { SpecSnapshot.matches(platform: $0, entry.fields) }) {
                continue
            }
            guard let candidate = SpecSnapshot.screen(of: entry.row) else { continue }
            let distance = abs(candidate.width - screen.width) + abs(candidate.height - screen.height)
            if best == nil || distance < best!.1 { best = (candidate, distance) }
        }
        return best?.0
    }
}
