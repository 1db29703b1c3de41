import WaterfallCore

/// An opaque RGB colour used to paint pixels in a diff image.
public struct DiffColor: Sendable, Equatable, Hashable {
    /// Red component.
    public var red: UInt8
    /// Green component.
    public var green: UInt8
    /// Blue component.
    public var blue: UInt8

    /// Creates a colour from its components.
    public init(red: UInt8, green: UInt8, blue: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
    }

    /// Pure red, the default colour of changed pixels.
    public static let red = DiffColor(red: 255, green: 0, blue: 0)
    /// Pure yellow, the default colour of anti-aliased pixels.
    public static let yellow = DiffColor(red: 255, green: 255, blue: 0)
}
