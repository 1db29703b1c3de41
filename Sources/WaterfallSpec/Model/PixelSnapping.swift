/// Whether the renderers draw each element at its exact frame or with its edges on the device
/// pixel grid (`pixelSnapping`).
///
/// `none` (the default) draws the layout's frames as they are: a fractional edge is anti-aliased
/// by Cairo and librsvg and snapped by Chromium, so the formats differ along such edges. `device`
/// rounds every edge to a device pixel at the render scale, the way Chromium and UIKit place
/// boxes, so every format draws the same boxes and adjacent boxes never gap or overlap.
/// `waterfall layout` reports the exact frames either way.
public enum PixelSnapping: String, Sendable, Hashable, CaseIterable {
    /// Exact frames, fractional edges anti-aliased.
    case none
    /// Edges rounded to the device pixel grid at the render scale.
    case device
}
