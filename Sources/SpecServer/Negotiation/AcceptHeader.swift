import SpecAPI
import SpecFormats
import SpecStore

/// A parsed `Accept` field: media ranges with their weights (RFC 9110 §12.5.1).
struct AcceptHeader: Equatable, Sendable {
    struct Range: Equatable, Sendable {
        /// Lower-cased type, `*` for any.
        var type: String
        /// Lower-cased subtype, `*` for any.
        var subtype: String
        /// The weight, 0...1000 (thousandths, as `qvalue` allows three decimals).
        var weight: Int
    }

    var ranges: [Range]

    /// Parses a field value. Malformed members are skipped, as a lenient recipient may
    /// (RFC 9110 §5.5); a field with no usable member is treated as absent.
    init(_ value: String) {
        ranges = value.split(separator: ",").compactMap { Self.parseRange($0) }
    }

    private static func parseRange(_ member: Substring) -> Range? {
        let parts = member.split(separator: ";")
        guard let mediaRange = parts.first else { return nil }
        let typeAndSubtype = mediaRange.trimmingSpaces.lowercased().split(
            separator: "/", omittingEmptySubsequences: false)
        guard typeAndSubtype.count == 2, !typeAndSubtype[0].isEmpty, !typeAndSubtype[1].isEmpty else { return nil }
        if typeAndSubtype[0] == "*" && typeAndSubtype[1] != "*" { return nil }
        var weight = 1000
        for parameter in parts.dropFirst() {
            let pair = parameter.split(separator: "=", maxSplits: 1)
            guard pair.count == 2, pair[0].trimmingSpaces.lowercased() == "q" else { continue }
            guard let parsed = parseQValue(pair[1].trimmingSpaces) else { return nil }
            weight = parsed
        }
        return Range(type: String(typeAndSubtype[0]), subtype: String(typeAndSubtype[1]), weight: weight)
    }

    /// `qvalue = ( "0" [ "." 0*3DIGIT ] ) / ( "1" [ "." 0*3("0") ] )`, in thousandths.
    static func parseQValue(_ text: Substring) -> Int? {
        let bytes = Array(text.utf8)
        guard let first = bytes.first, first == UInt8(ascii: "0") || first == UInt8(ascii: "1") else { return nil }
        var value = Int(first - UInt8(ascii: "0")) * 1000
        guard bytes.count > 1 else { return value }
        guard bytes[1] == UInt8(ascii: "."), bytes.count <= 5 else { return nil }
        var scale = 100
        for digit in bytes.dropFirst(2) {
            guard (UInt8(ascii: "0")...UInt8(ascii: "9")).contains(digit) else { return nil }
            value += Int(digit - UInt8(ascii: "0")) * scale
            scale /= 10
        }
        return value <= 1000 ? value : nil
    }

    /// The weight the field gives a media type: that of the most specific matching range.
    func weight(of format: Format) -> Int {
        let (type, subtype) = format.mediaType
        var best: (specificity: Int, weight: Int)?
        for range in ranges {
            let specificity: Int
            if range.type == type && range.subtype == subtype {
                specificity = 2
            } else if range.type == type && range.subtype == "*" {
                specificity = 1
            } else if range.type == "*" && range.subtype == "*" {
                specificity = 0
            } else {
                continue
            }
            if best == nil || specificity > best!.specificity {
                best = (specificity, range.weight)
            }
        }
        return best?.weight ?? 0
    }

    /// The format to answer in: the highest weight wins, ties go to the route's earlier format.
    /// `nil` when the field accepts none of them (a `406`).
    func preferredFormat(among formats: [Format]) -> Format? {
        if ranges.isEmpty { return formats.first }
        var chosen: (format: Format, weight: Int)?
        for format in formats {
            let weight = weight(of: format)
            if weight > 0 && weight > (chosen?.weight ?? 0) {
                chosen = (format, weight)
            }
        }
        return chosen?.format
    }
}
