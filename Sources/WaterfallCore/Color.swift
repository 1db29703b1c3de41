/// An opaque or translucent sRGB color with 8-bit channels.
public struct Color: Sendable, Hashable {
    /// The red channel, 0 to 255.
    public var red: UInt8
    /// The green channel, 0 to 255.
    public var green: UInt8
    /// The blue channel, 0 to 255.
    public var blue: UInt8
    /// The opacity, 0 (transparent) to 255 (opaque).
    public var alpha: UInt8

    /// Creates a color from its channels; opaque unless `alpha` is given.
    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }

    /// Parses `#rgb` or `#rrggbb` (case-insensitive); `nil` for anything else.
    public init?(hex: String) {
        guard hex.first == "#" else { return nil }
        let digits = hex.dropFirst().map { $0.hexDigitValue }
        guard digits.allSatisfy({ $0 != nil }) else { return nil }
        let values = digits.map { UInt8($0!) }
        switch values.count {
        case 3:
            self.init(red: values[0] * 17, green: values[1] * 17, blue: values[2] * 17)
        case 6:
            self.init(
                red: values[0] << 4 | values[1],
                green: values[2] << 4 | values[3],
                blue: values[4] << 4 | values[5])
        default:
            return nil
        }
    }

    /// `#rrggbb`, lowercase; alpha is not part of it.
    public var hexString: String {
        let digits = Array("0123456789abcdef")
        var text = "#"
        for channel in [red, green, blue] {
            text.append(digits[Int(channel >> 4)])
            text.append(digits[Int(channel & 0xF)])
        }
        return text
    }

    /// Opaque white.
    public static let white = Color(red: 255, green: 255, blue: 255)
    /// Opaque black.
    public static let black = Color(red: 0, green: 0, blue: 0)
}
