/// The collections of the data file, in the file's order.
enum SpecCollection: Int, CaseIterable, Sendable {
    case devices, sizeClasses, widgets, widgetFamilies, dynamicType, textStyles, tracking, metrics, rules, myths

    /// The collection's key in the data file.
    var key: String {
        switch self {
        case .devices: "devices"
        case .sizeClasses: "sizeClasses"
        case .widgets: "widgets"
        case .widgetFamilies: "widgetFamilies"
        case .dynamicType: "dynamicType"
        case .textStyles: "textStyles"
        case .tracking: "tracking"
        case .metrics: "metrics"
        case .rules: "rules"
        case .myths: "myths"
        }
    }

    /// The record type, as `type` in search results and diffs.
    var recordType: String {
        switch self {
        case .devices: "device"
        case .sizeClasses: "size-class"
        case .widgets: "widget"
        case .widgetFamilies: "widget-family"
        case .dynamicType: "dynamic-type"
        case .textStyles: "text-style"
        case .tracking: "tracking"
        case .metrics: "metric"
        case .rules: "rule"
        case .myths: "myth"
        }
    }

    /// Whether records carry figures, and so `status`, `citations`, `basis` and `unit`.
    var carriesFigures: Bool { self != .rules && self != .myths }

    /// Whether the API row has a `platform` (the record's first platform) besides `platforms`.
    var hasPrimaryPlatform: Bool {
        switch self {
        case .widgets, .widgetFamilies, .dynamicType, .textStyles, .tracking, .metrics: true
        default: false
        }
    }

    /// Whether a data file may leave the collection out (it then has no records): collections
    /// added after schema version 2 was published, so that earlier files still load.
    var mayBeAbsent: Bool { self == .widgetFamilies }
}
