import JSON
import SpecStore

/// Checks a design-token file against the Design Tokens Format Module 2025.10 (the W3C Design
/// Tokens Community Group's final report, designtokens.org/TR/2025.10/format/).
///
/// Each rule cites the section it comes from. The checker is strict where the specification says
/// MUST, and it fails closed: a type or feature it does not check (colour spaces, `$extends`,
/// JSON Pointer `$ref`, the composite types this service never writes) is reported as a problem
/// rather than passed, so a file it accepts is one it has actually checked.
struct DTCGFormatChecker {
    /// One broken rule: where (the token path), which section, and what.
    struct Problem: CustomStringConvertible, Equatable {
        var path: String
        var section: String
        var message: String
        var description: String { "\(path.isEmpty ? "(root)" : path): §\(section) \(message)" }
    }

    /// §8 and §9: the types the format defines. `$type` MUST be one of these, case-sensitive
    /// (§5.2.2).
    static let types: Set<String> = [
        "color", "dimension", "fontFamily", "fontWeight", "duration", "cubicBezier", "number",
        "strokeStyle", "border", "transition", "shadow", "gradient", "typography",
    ]

    /// §5.1 and §5.2: the properties a token may have.
    static let tokenProperties: Set<String> = ["$value", "$type", "$description", "$extensions", "$deprecated"]

    /// §8.4: the string aliases of font weights (any other string, even one differing only in
    /// case, MUST be rejected).
    static let fontWeightNames: Set<String> = [
        "thin", "hairline", "extra-light", "ultra-light", "light", "normal", "regular", "book", "medium",
        "semi-bold", "demi-bold", "bold", "extra-bold", "ultra-bold", "black", "heavy", "extra-black",
        "ultra-black",
    ]

    /// §9.8: the members of a typography value and the type each must have (or refer to).
    static let typographyMembers: [(name: String, type: String)] = [
        ("fontFamily", "fontFamily"), ("fontSize", "dimension"), ("fontWeight", "fontWeight"),
        ("letterSpacing", "dimension"), ("lineHeight", "number"),
    ]

    private struct Token {
        var path: [String]
        var object: JSONObject
        /// The closest parent group's `$type` (§5.2.2, §6.7.3).
        var inheritedType: String?

        var name: String { path.joined(separator: ".") }
        var declaredType: String? { object["$type"]?.stringValue }
        var value: JSONValue { object["$value"] ?? .null }
    }

    private var tokens: [String: Token] = [:]
    private var order: [String] = []
    private(set) var problems: [Problem] = []

    /// Every problem in `file`, in document order; empty when the file conforms.
    static func problems(in file: JSONValue) -> [Problem] {
        var checker = DTCGFormatChecker()
        checker.walkGroup(file, path: [], inheritedType: nil)
        for name in checker.order { checker.checkToken(checker.tokens[name]!) }
        return checker.problems
    }

    /// The number of tokens in `file` (its `$value` objects).
    static func tokenCount(in file: JSONValue) -> Int {
        var checker = DTCGFormatChecker()
        checker.walkGroup(file, path: [], inheritedType: nil)
        return checker.order.count
    }

    private mutating func report(_ path: [String], _ section: String, _ message: String) {
        problems.append(Problem(path: path.joined(separator: "."), section: section, message: message))
    }

    // MARK: - Structure: §5, §6

    /// §6.1: a JSON object without `$value` is a group; its `$`-prefixed members are group
    /// properties (§6.3), the others tokens or groups.
    private mutating func walkGroup(_ value: JSONValue, path: [String], inheritedType: String?) {
        guard case .object(let group) = value else {
            report(path, "6.1", "a group member must be a token or a group (a JSON object), not a \(value.typeName)")
            return
        }
        var type = inheritedType
        if let declared = group["$type"] {
            if let name = declared.stringValue, Self.types.contains(name) {
                type = name
            } else {
                report(path, "5.2.2", "$type must be a string naming a type of §8 or §9, not \(declared.serialized())")
            }
        }
        for (key, member) in group {
            if key.hasPrefix("$") {
                switch key {
                case "$type": break
                case "$description": checkDescription(member, path: path)
                case "$extensions": checkExtensions(member, path: path)
                case "$deprecated": checkDeprecated(member, path: path)
                case "$root":
                    // §6.2: the reserved name of a group's root token.
                    walkToken(member, path: path + [key], inheritedType: type)
                case "$extends":
                    report(path, "6.4", "$extends is not checked here, and this service writes none")
                default:
                    report(path, "6.3", "\(key) is not a group property (§5.1.1: $ names are reserved)")
                }
                continue
            }
            checkName(key, path: path)
            if case .object(let object) = member, object["$value"] != nil {
                walkToken(member, path: path + [key], inheritedType: type)
            } else {
                walkGroup(member, path: path + [key], inheritedType: type)
            }
        }
    }

    /// §5.1.1: a token or group name MUST NOT begin with `$` and MUST NOT contain `{`, `}` or `.`.
    private mutating func checkName(_ name: String, path: [String]) {
        if name.isEmpty { report(path, "5.1.1", "an empty token or group name cannot be referenced") }
        if name.contains(where: { $0 == "{" || $0 == "}" || $0 == "." }) {
            report(path + [name], "5.1.1", "a name must not contain {, } or .")
        }
    }

    /// §5.1: an object with `$value` is a token; §6.1: it cannot also hold tokens or groups.
    private mutating func walkToken(_ value: JSONValue, path: [String], inheritedType: String?) {
        guard case .object(let object) = value, object["$value"] != nil else {
            report(path, "5.1", "a token must be an object with $value")
            return
        }
        for (key, member) in object {
            switch key {
            case "$value", "$type": break
            case "$description": checkDescription(member, path: path)
            case "$extensions": checkExtensions(member, path: path)
            case "$deprecated": checkDeprecated(member, path: path)
            default:
                if key.hasPrefix("$") {
                    report(path, "5.2", "\(key) is not a token property")
                } else {
                    report(path, "6.1", "an object with $value is a token and cannot also hold '\(key)'")
                }
            }
        }
        let token = Token(path: path, object: object, inheritedType: inheritedType)
        tokens[token.name] = token
        order.append(token.name)
    }

    /// §5.2.1: a plain JSON string.
    private mutating func checkDescription(_ value: JSONValue, path: [String]) {
        if value.stringValue == nil { report(path, "5.2.1", "$description must be a string") }
    }

    /// §5.2.3: an object whose keys are vendor-specific; reverse domain notation is recommended,
    /// so a key without a dot is reported (it invites clashes between vendors).
    private mutating func checkExtensions(_ value: JSONValue, path: [String]) {
        guard let object = value.objectValue else {
            report(path, "5.2.3", "$extensions must be an object")
            return
        }
        for key in object.keys where !key.contains(".") {
            report(path, "5.2.3", "extension key '\(key)' is not in reverse domain name notation")
        }
    }

    /// §5.2.4 and §6.3.1: `true`, `false` or a string explanation.
    private mutating func checkDeprecated(_ value: JSONValue, path: [String]) {
        if value.boolValue == nil && value.stringValue == nil {
            report(path, "5.2.4", "$deprecated must be a boolean or a string")
        }
    }

    // MARK: - Types and values: §5.2.2, §7, §8, §9

    private mutating func checkToken(_ token: Token) {
        if let declared = token.object["$type"], declared.stringValue.map(Self.types.contains) != true {
            report(
                token.path, "5.2.2", "$type must be a string naming a type of §8 or §9, not \(declared.serialized())")
            return
        }
        guard let type = resolvedType(of: token, visiting: []) else {
            // §5.2.2: no $type, no typed reference, no typed parent group: the token is invalid.
            report(token.path, "5.2.2", "the token's type cannot be determined")
            return
        }
        checkValue(token.value, type: type, path: token.path)
    }

    /// §5.2.2: the token's own `$type`; else, for a reference, the referenced token's type; else
    /// the closest parent group's `$type`. `nil` when none applies or a reference is broken.
    private func resolvedType(of token: Token, visiting: Set<String>) -> String? {
        if let declared = token.declaredType { return declared }
        if let reference = Self.reference(in: token.value) {
            guard !visiting.contains(token.name), let target = tokens[reference] else { return nil }
            return resolvedType(of: target, visiting: visiting.union([token.name]))
        }
        return token.inheritedType
    }

    /// §7.1.1: a curly-brace reference is a whole string `{group.token}`; returns its path.
    static func reference(in value: JSONValue) -> String? {
        guard let text = value.stringValue, text.hasPrefix("{"), text.hasSuffix("}"), text.count > 2 else {
            return nil
        }
        return String(text.dropFirst().dropLast())
    }

    /// Checks that a reference resolves (§7.2.1), without a cycle (§7.2.3), through any chain of
    /// references (§7.2.2), to a token of `type` (§9: a sub-value refers to a token of its type).
    private mutating func checkReference(_ reference: String, type: String, path: [String]) {
        var visited: [String] = []
        var current = reference
        while true {
            guard let target = tokens[current] else {
                // §7.1.1: only complete tokens (objects with $value) can be referenced, not
                // groups or values inside tokens.
                report(path, "7.1.1", "{\(current)} does not name a token")
                return
            }
            if visited.contains(current) {
                report(path, "7.2.3", "circular reference through {\(visited.joined(separator: "} → {"))}")
                return
            }
            visited.append(current)
            if let declared = target.declaredType, declared != type {
                report(path, "7.2", "{\(reference)} resolves through a \(declared) token, not \(type)")
                return
            }
            if let next = Self.reference(in: target.value) {
                current = next
                continue
            }
            let targetType = resolvedType(of: target, visiting: [])
            if targetType != type {
                report(path, "7.2", "{\(reference)} resolves to a \(targetType ?? "untyped") token, not \(type)")
            }
            return
        }
    }

    /// The value rules of each type (§8, §9.8); a reference stands for a value of the type.
    private mutating func checkValue(_ value: JSONValue, type: String, path: [String]) {
        if let reference = Self.reference(in: value) {
            checkReference(reference, type: type, path: path)
            return
        }
        if value.objectValue?["$ref"] != nil {
            report(path, "7.1.2", "JSON Pointer references are not checked here, and this service writes none")
            return
        }
        switch type {
        case "color":
            checkColor(value, path: path)
        case "dimension":
            // §8.2: {value: number, unit: "px" | "rem"}; §8.2.1: unit required even for 0.
            checkMeasure(value, units: ["px", "rem"], section: "8.2", path: path)
        case "duration":
            // §8.5: {value: number, unit: "ms" | "s"}.
            checkMeasure(value, units: ["ms", "s"], section: "8.5", path: path)
        case "fontFamily":
            // §8.3: one font name, or an array of names from most to least preferred.
            if let names = value.arrayValue {
                if names.isEmpty || !names.allSatisfy({ $0.stringValue != nil }) {
                    report(path, "8.3", "a fontFamily array must hold font names (strings)")
                }
            } else if value.stringValue == nil {
                report(path, "8.3", "a fontFamily value must be a string or an array of strings")
            }
        case "fontWeight":
            // §8.4: a number in [1, 1000] or one of the listed names, case-sensitive.
            if case .number = value, let number = value.doubleValue {
                if !(1...1000).contains(number) { report(path, "8.4", "font weight \(number) is outside [1, 1000]") }
            } else if let name = value.stringValue {
                if !Self.fontWeightNames.contains(name) { report(path, "8.4", "'\(name)' is not a font weight name") }
            } else {
                report(path, "8.4", "a fontWeight value must be a number or a weight name")
            }
        case "number":
            // §8.7: a JSON number.
            guard case .number = value else {
                report(path, "8.7", "a number value must be a JSON number, not \(value.typeName)")
                return
            }
        case "cubicBezier":
            // §8.6: four numbers; the x coordinates (first and third) in [0, 1].
            guard let points = value.arrayValue, points.count == 4, points.allSatisfy({ $0.doubleValue != nil })
            else {
                report(path, "8.6", "a cubicBezier value must be an array of four numbers")
                return
            }
            for index in [0, 2] where !(0...1).contains(points[index].doubleValue!) {
                report(path, "8.6", "x coordinate \(points[index].serialized()) is outside [0, 1]")
            }
        case "typography":
            // §9.8: an object with exactly these five sub-values, each of its type or a
            // reference to a token of that type (§9).
            guard let object = value.objectValue else {
                report(path, "9.8", "a typography value must be an object")
                return
            }
            for key in object.keys where !Self.typographyMembers.contains(where: { $0.name == key }) {
                report(path, "9.8", "'\(key)' is not a typography property")
            }
            for member in Self.typographyMembers {
                guard let sub = object[member.name] else {
                    report(path, "9.8", "a typography value needs \(member.name)")
                    continue
                }
                checkValue(sub, type: member.type, path: path + [member.name])
            }
        default:
            // strokeStyle, border, transition, shadow, gradient.
            report(path, "8", "type \(type) is not checked here, and this service writes none")
        }
    }

    /// §8.1 (and the Color module) for the one color space this service writes: an object of
    /// `colorSpace` `srgb`, three `components` from 0 to 1, an optional `alpha` from 0 to 1 and an
    /// optional `hex` of six hexadecimal digits after `#` that is the components' value.
    private mutating func checkColor(_ value: JSONValue, path: [String]) {
        guard let object = value.objectValue else {
            report(path, "8.1", "a color value must be an object, not \(value.typeName)")
            return
        }
        for key in object.keys where !["colorSpace", "components", "alpha", "hex"].contains(key) {
            report(path, "8.1", "'\(key)' is not a member of a color")
        }
        guard object["colorSpace"]?.stringValue == "srgb" else {
            report(path, "8.1", "colorSpace must be srgb here (the only space this checker knows)")
            return
        }
        let components = object["components"]?.arrayValue?.compactMap(\.doubleValue) ?? []
        guard components.count == 3, components.allSatisfy({ (0...1).contains($0) }) else {
            report(path, "8.1", "srgb components must be three numbers from 0 to 1")
            return
        }
        if let alpha = object["alpha"], !(alpha.doubleValue.map { (0...1).contains($0) } ?? false) {
            report(path, "8.1", "alpha must be a number from 0 to 1")
        }
        if let hex = object["hex"] {
            let digits = components.map { component in
                let text = String(Int((component * 255).rounded()), radix: 16)
                return text.count == 1 ? "0" + text : text
            }.joined()
            if hex.stringValue?.lowercased() != "#" + digits {
                report(path, "8.1", "hex must be #rrggbb and the components' value (#\(digits))")
            }
        }
    }

    /// §8.2 and §8.5: an object of exactly a numeric `value` and a `unit` from `units`.
    private mutating func checkMeasure(_ value: JSONValue, units: Set<String>, section: String, path: [String]) {
        guard let object = value.objectValue else {
            report(path, section, "the value must be an object {value, unit}, not \(value.typeName)")
            return
        }
        if case .number = object["value"] ?? .null {
        } else {
            report(path, section, "value must be a JSON number")
        }
        if let unit = object["unit"]?.stringValue {
            if !units.contains(unit) { report(path, section, "unit '\(unit)' is not one of \(units.sorted())") }
        } else {
            report(path, section, "unit is required")
        }
        for key in object.keys where key != "value" && key != "unit" {
            report(path, section, "'\(key)' is not a member of the value")
        }
    }
}
