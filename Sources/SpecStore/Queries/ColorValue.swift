import JSON
import SystemSupport

/// A color as Apple's swatches give it: red, green and blue channels from 0 to 255.
public struct ColorValue: Sendable, Hashable {
    /// The red channel, 0–255.
    public let red: Int
    /// The green channel, 0–255.
    public let green: Int
    /// The blue channel, 0–255.
    public let blue: Int

    /// Creates a color from its channels, each 0–255.
    public init(red: Int, green: Int, blue: Int) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Reads `#RRGGBB`, `RRGGBB` or `#RGB` (any case); `nil` for anything else. Three digits need
    /// the `#`, so a word such as `bad` is not read as a color.
    public init?(hex raw: String) {
        var digits = Substring(raw)
        let marked = digits.hasPrefix("#")
        if marked { digits = digits.dropFirst() }
        guard digits.count == 6 || (marked && digits.count == 3), digits.allSatisfy(\.isHexDigit) else {
            return nil
        }
        let full = digits.count == 3 ? String(digits.flatMap { [$0, $0] }) : String(digits)
        guard let packed = Int(full, radix: 16) else { return nil }
        self.init(red: packed >> 16 & 0xFF, green: packed >> 8 & 0xFF, blue: packed & 0xFF)
    }

    /// Reads a store color object (`{"red", "green", "blue", "hex"}`); `nil` if it is not one.
    init?(_ value: JSONValue?) {
        guard let value, case .number(let red) = value["red"], case .number(let green) = value["green"],
            case .number(let blue) = value["blue"], let r = Int(exactly: red.double),
            let g = Int(exactly: green.double), let b = Int(exactly: blue.double)
        else { return nil }
        self.init(red: r, green: g, blue: b)
    }

    /// `#RRGGBB`, upper case.
    public var hex: String {
        "#"
            + [red, green, blue].map { channel in
                let digits = String(channel, radix: 16, uppercase: true)
                return digits.count == 1 ? "0" + digits : digits
            }.joined()
    }

    /// WCAG 2's relative luminance: each channel linearised from sRGB (0.04045 threshold, as
    /// WCAG 2.2 writes it), weighted 0.2126, 0.7152, 0.0722.
    public var relativeLuminance: Double {
        func linear(_ channel: Int) -> Double {
            let value = Double(channel) / 255
            return value <= 0.04045 ? value / 12.92 : CLibrary.power((value + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(red) + 0.7152 * linear(green) + 0.0722 * linear(blue)
    }

    /// WCAG 2's contrast ratio with `other`: (L1 + 0.05) / (L2 + 0.05), the lighter over the
    /// darker, from 1 to 21.
    public func contrastRatio(with other: ColorValue) -> Double {
        let (first, second) = (relativeLuminance, other.relativeLuminance)
        return (max(first, second) + 0.05) / (min(first, second) + 0.05)
    }
}
