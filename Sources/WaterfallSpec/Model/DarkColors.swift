import WaterfallCore

/// The colours a header, a footer or an item takes in the dark appearance: its `dark` mapping.
public struct DarkColors: Sendable, Hashable {
    /// The fill in the dark appearance, over `color`.
    public var color: Color?
    /// The text colour in the dark appearance, over `textColor`.
    public var textColor: Color?
    /// A header's or footer's separator in the dark appearance, over `separator`.
    public var separator: Color?

    public init(color: Color? = nil, textColor: Color? = nil, separator: Color? = nil) {
        self.color = color
        self.textColor = textColor
        self.separator = separator
    }
}

extension SpecSupplementary {
    /// Takes the dark colours as its own.
    mutating func applyDark() {
        guard let dark else { return }
        color = dark.color ?? color
        textColor = dark.textColor ?? textColor
        separator = dark.separator ?? separator
    }
}

extension SpecItem {
    /// Takes the dark colours as its own.
    mutating func applyDark() {
        guard let dark else { return }
        color = dark.color ?? color
        textColor = dark.textColor ?? textColor
    }
}
