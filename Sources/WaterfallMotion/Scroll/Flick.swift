import Foundation

/// A flick of a `UIScrollView`: the content offset decelerating from a finger's release to rest,
/// at UIKit's normal deceleration rate.
///
/// UIKit multiplies the scrolling velocity by the deceleration rate every millisecond
/// (`UIScrollView.DecelerationRate.normal` is 0.998), so the velocity after `t` ms is
/// `v₀ · 0.998ᵗ` and the offset `from + D · (1 − 0.998ᵗ)`, where `D = −v₀ / ln 0.998` is the
/// distance the flick travels in all. A flick is made by the distance it must travel (`to −
/// from`): its release velocity is the one that brings it to rest there. It counts as at rest
/// once it is less than half a device pixel from `to`; from then on it shows `to`.
public struct Flick: Sendable, Hashable {
    /// UIKit's `UIScrollView.DecelerationRate.normal`: the share of its velocity a scroll view
    /// keeps each millisecond.
    public static let normalDecelerationRate = 0.998

    /// Where the flick starts, in points along the scroll axis.
    public var from: Double
    /// Where it comes to rest.
    public var to: Double
    /// How many device pixels a point is: the flick is at rest within half of one.
    public var scale: Double

    /// Creates the flick from the offset `from` to `to`, drawn at `scale`.
    public init(from: Double, to: Double, scale: Double) {
        self.from = from
        self.to = to
        self.scale = scale
    }

    /// The velocity at release, in points a second.
    public var releaseVelocity: Double {
        (to - from) * -log(Self.normalDecelerationRate) * 1000
    }

    /// Seconds from release until it is within half a device pixel of `to`: 0 when it does not move.
    public var duration: Double {
        let distance = abs(to - from)
        let rest = 0.5 / scale
        guard distance > rest else { return 0 }
        return log(rest / distance) / log(Self.normalDecelerationRate) / 1000
    }

    /// The content offset `seconds` after release, on the device pixel grid (as UIKit rounds
    /// content offsets to the screen's pixels).
    public func offset(at seconds: Double) -> Double {
        guard seconds < duration else { return to }
        let travelled = 1 - pow(Self.normalDecelerationRate, max(0, seconds) * 1000)
        let exact = from + (to - from) * travelled
        return (exact * scale).rounded() / scale
    }
}
