import WaterfallLayout

extension Scene {
    /// The scene with every element's edges on the device pixel grid at its `scale`: what
    /// `pixelSnapping: device` draws.
    ///
    /// Each edge is rounded on its own (``PixelGrid/snap(_:)-(Double)``), so elements that touch still
    /// touch and elements apart stay apart: no gap or overlap appears between neighbours. Frames,
    /// image areas, scrims, text boxes and the page size are snapped; corner radii, stroke widths and
    /// font sizes are kept. The layout's exact frames stay in `layoutFrame` and `layoutSize`, for
    /// the layout JSON.
    public func snappedToDevicePixels() -> Scene {
        let grid = PixelGrid(scale: scale)
        var snapped = self
        snapped.isSnappedToDevicePixels = true
        let page = grid.snap(Rect(origin: .zero, size: size)).size
        // A page is at least one device pixel each way, as every renderer needs.
        snapped.size = Size(width: max(page.width, 1 / scale), height: max(page.height, 1 / scale))
        if snapped.size != size { snapped.layoutSize = layoutSize ?? size }
        for index in snapped.elements.indices {
            snapped.elements[index].snap(to: grid)
        }
        return snapped
    }
}

extension SceneElement {
    /// Moves the element's frame, image area, scrims and text boxes onto `grid`.
    mutating func snap(to grid: PixelGrid) {
        let exact = frame
        frame = grid.snap(exact)
        if frame != exact { layoutFrame = layoutFrame ?? exact }
        imageFrame = imageFrame.map(grid.snap)
        for index in scrims.indices {
            scrims[index].frame = grid.snap(scrims[index].frame)
        }
        for index in texts.indices {
            texts[index].frame = grid.snap(texts[index].frame)
        }
    }
}

/// The device pixel grid at a scale, in points: where `pixelSnapping: device` puts edges.
///
/// An edge at `x` points goes to `⌊x·s + ½⌋ / s`: the nearest device pixel boundary, halves
/// rounded up. This is the rule Chromium applies when it paints a box (`ToPixelSnappedRect`:
/// `x' = round(x)`, `width' = round(x + width) − round(x)`, in device pixels) and the one UIKit
/// applies to layer edges, so the renderers draw whole device pixels: Cairo and librsvg cover
/// them exactly, without anti-aliasing, and Chromium finds nothing left to snap.
///
/// Chromium first keeps each of `left`, `top`, `width` and `height` in 1/64 device pixel
/// (`LayoutUnit`, truncated), and gives a box that would snap to nothing one pixel: given exact
/// frames, its edges can therefore differ from these by a pixel where a sum of truncations
/// crosses a half pixel, or for boxes under half a device pixel. Rounding edges, not origins and
/// sizes, is what keeps neighbours from gapping or overlapping.
public struct PixelGrid: Sendable, Hashable {
    /// Device pixels per point.
    public var scale: Double

    /// Creates the grid of a scale: `scale` device pixels a point.
    public init(scale: Double) {
        self.scale = scale
    }

    /// The nearest device pixel boundary to `value` points, in points.
    public func snap(_ value: Double) -> Double {
        (value * scale + 0.5).rounded(.down) / scale
    }

    /// `rect` with each of its four edges snapped.
    public func snap(_ rect: Rect) -> Rect {
        let left = snap(rect.minX)
        let top = snap(rect.minY)
        return Rect(x: left, y: top, width: snap(rect.maxX) - left, height: snap(rect.maxY) - top)
    }
}
