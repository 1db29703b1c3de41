import WaterfallCore
import WaterfallLayout

/// Something in a picture that some people cannot read, see or tap, named by its place in the spec.
///
/// The audit (``Audit``) finds four kinds: text whose contrast with what is drawn behind it is
/// below WCAG 2.2 AA, text cut short, tap targets smaller than 44 × 44 points and images drawn
/// larger than their pixels. A finding is told apart from another by ``key``: its kind and its
/// place, so that a finding recorded beside a baseline is the same finding however its numbers move.
public struct Finding: Sendable, Hashable, Codable {
    /// What is wrong.
    public enum Kind: String, Sendable, Hashable, Codable, CaseIterable {
        /// Text below WCAG 2.2 AA contrast: 4.5:1, or 3:1 for large text.
        case contrast
        /// Text ended with an ellipsis, with lines left out, or not drawn at all.
        case truncation
        /// A tap target smaller than 44 × 44 points.
        case smallTarget = "small-target"
        /// An image drawn larger than its pixels at the picture's scale.
        case blurryImage = "blurry-image"

        /// The kind in a few words, for a person.
        public var title: String {
            switch self {
            case .contrast: "low contrast"
            case .truncation: "text cut short"
            case .smallTarget: "small tap target"
            case .blurryImage: "blurry image"
            }
        }
    }

    /// What is wrong.
    public var kind: Kind
    /// The place in the spec, as a key path: `sections[1].items[3].subtitle`.
    public var place: String
    /// What is wrong there, with its numbers, on one line.
    public var message: String
    /// Where it is in the picture, in points: `[x, y, width, height]`.
    public var frame: [Double]
    /// A contrast finding's ratio, to two decimals as ``shownRatio(_:required:)`` shows it: a ratio
    /// under what is asked never reads as what is asked (4.49, never 4.5).
    public var ratio: Double?
    /// The ratio the text needs: 4.5, or 3 for large text.
    public var required: Double?
    /// A text's colour, and the colour behind it the ratio was measured against, as `#rrggbb`.
    public var colors: [String]?
    /// A cut text's characters that show and all its characters: grapheme clusters, as people
    /// count them, spaces included.
    public var characters: [Int]?
    /// How many times its pixels an image is drawn at, to two decimals.
    public var magnification: Double?

    /// Creates a finding of a kind at a place, with its message and frame.
    ///
    /// - Parameters:
    ///   - kind: What is wrong.
    ///   - place: The spec key path of what is wrong.
    ///   - message: What is wrong there, with its numbers.
    ///   - frame: Where it is in the picture, in points.
    public init(kind: Kind, place: String, message: String, frame: Rect) {
        self.kind = kind
        self.place = place
        self.message = message
        self.frame = [frame.minX, frame.minY, frame.width, frame.height].map(Self.rounded)
    }

    /// What tells this finding apart from the picture's others: its kind and its place.
    public var key: String { "\(kind.rawValue) \(place)" }

    /// The finding on one line: `sections[1].items[3].subtitle: low contrast, 2.32:1 …`.
    public var line: String { "\(place): \(kind.title): \(message)" }
}

extension Finding {
    /// A number to two decimals, as findings print ratios and magnifications: `4.48`, `3.00`.
    static func twoDecimals(_ value: Double) -> String {
        let hundredths = Int((value * 100).rounded())
        let fraction = hundredths % 100
        return "\(hundredths / 100).\(fraction < 10 ? "0" : "")\(fraction)"
    }

    /// `value` rounded to two decimals.
    static func rounded(_ value: Double) -> Double { (value * 100).rounded() / 100 }

    /// A contrast ratio as the audit shows it: to the nearest hundredth, except that a ratio under
    /// `required` is never shown as reaching it: 4.4999 is 4.49, not 4.50, under 4.5.
    ///
    /// Every ratio the audit prints or writes goes through here, so that no message reads
    /// "4.50:1, under the 4.5:1".
    ///
    /// - Parameters:
    ///   - ratio: The ratio measured.
    ///   - required: The ratio the text needs.
    public static func shownRatio(_ ratio: Double, required: Double) -> Double {
        var hundredths = (ratio * 100).rounded()
        let threshold = (required * 100).rounded()
        if ratio < required, hundredths >= threshold { hundredths = threshold - 1 }
        return hundredths / 100
    }
}
