import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// Draws a scene's elements with Cairo, in points, under whatever transform the context has.
struct SceneDrawer {
    let scene: Scene
    let text: TextEngine
    let images: ImageCache
    let mode: Mode

    /// How images are drawn.
    enum Mode {
        /// Straight into the target: right for PDF, where the viewer samples the image.
        case vector
        /// Pre-rendered once per element on a layer aligned to the page's device pixels at
        /// `scale`, then copied without resampling, so tiles match the untiled picture exactly.
        /// The target's transform must be `canvas.scale`, its surface offset a whole number of pixels.
        case raster(PixelCanvas)
    }

    /// The extent, in points, of everything `element` may draw: its frame and its text runs,
    /// across (x) and down (y), in one pass over the runs.
    static func extent(of element: SceneElement) -> (x: ClosedRange<Double>, y: ClosedRange<Double>) {
        var left = element.frame.minX
        var right = element.frame.maxX
        var top = element.frame.minY
        var bottom = element.frame.maxY
        for run in element.texts {
            left = min(left, run.frame.minX)
            right = max(right, run.frame.maxX)
            top = min(top, run.frame.minY)
            bottom = max(bottom, run.frame.maxY)
        }
        return (left...max(left, right), top...max(top, bottom))
    }

    /// Fills the page with the background and draws the elements at `indices` (all if `nil`).
    ///
    /// `rows` are the device pixel rows of the raster tile being drawn; an image layer too large
    /// to keep whole is drawn for those rows only.
    func draw(in context: CairoContext, rows: Range<Int> = 0..<Int(Int32.max), indices: [Int]? = nil) throws {
        context.paintOpaque(scene.background)
        try context.checkStatus("paint the background")
        for index in indices ?? Array(scene.elements.indices) {
            try draw(scene.elements[index], index: index, rows: rows, in: context)
        }
    }

    private func draw(_ element: SceneElement, index: Int, rows: Range<Int>, in context: CairoContext) throws {
        guard element.opacity < 1 else { return try drawOpaque(element, index: index, rows: rows, in: context) }
        guard element.opacity > 0 else { return }
        context.pushGroup()
        try drawOpaque(element, index: index, rows: rows, in: context)
        context.paintGroup(alpha: element.opacity)
        try context.checkStatus("fade the \(element.kind.rawValue) of section \(element.section)")
    }

    private func drawOpaque(
        _ element: SceneElement, index: Int, rows: Range<Int>, in context: CairoContext
    ) throws {
        let frame = element.frame
        if frame.width > 0, frame.height > 0 {
            let radius = max(0, min(element.cornerRadius, frame.width / 2, frame.height / 2))
            if element.fill.alpha > 0 {
                context.setRoundedRectPath(frame, radius: radius)
                context.setColor(element.fill)
                context.fill()
            }
            if element.image == nil, let fill = element.imageFill, let area = element.imageFrame {
                context.save()
                context.setRoundedRectPath(frame, radius: radius)
                context.clip()
                context.setRoundedRectPath(area, radius: 0)
                context.setColor(fill)
                context.fill()
                context.restore()
            }
            if let image = element.image {
                try drawImage(
                    image, index: index, in: frame, area: element.imageFrame ?? frame, radius: radius, rows: rows,
                    context: context)
            }
            for scrim in element.scrims where scrim.frame.width > 0 && scrim.frame.height > 0 {
                context.save()
                context.setRoundedRectPath(frame, radius: radius)
                context.clip()
                context.setRoundedRectPath(scrim.frame, radius: 0)
                try context.setVerticalGradient(
                    from: scrim.frame.minY, scrim.top, to: scrim.frame.maxY, scrim.bottom)
                context.fill()
                context.restore()
            }
            if let stroke = element.stroke, stroke.width > 0, stroke.color.alpha > 0 {
                drawStroke(stroke, frame: frame, radius: radius, context: context)
            }
            try context.checkStatus("draw the \(element.kind.rawValue) of section \(element.section)")
        }
        for run in element.texts
        where !run.text.isEmpty && run.frame.width > 0 && run.frame.height > 0 && run.fontSize > 0 {
            try text.draw(run, in: context)
        }
    }

    /// Draws `image` aspect-fill (centered, covering `area`) clipped to `area` and the rounded frame.
    private func drawImage(
        _ image: SceneImage, index: Int, in frame: Rect, area: Rect, radius: Double, rows: Range<Int>,
        context: CairoContext
    ) throws {
        switch mode {
        case .vector:
            let surface = try images.source(forElement: index, image: image)
            try Self.paintClipped(surface, in: frame, area: area, radius: radius, context: context, padEdges: false)
        case .raster(let canvas):
            // The element's device pixels, clamped to the page before they become integers.
            let scale = canvas.scale
            let left = Self.pixel(area.minX * scale, .down, limit: canvas.width)
            let right = Self.pixel(area.maxX * scale, .up, limit: canvas.width)
            let top = Self.pixel(area.minY * scale, .down, limit: canvas.height)
            let bottom = Self.pixel(area.maxY * scale, .up, limit: canvas.height)
            guard right > left, bottom > top else { return }
            func makeLayer(rows: Range<Int>) throws -> CairoSurface {
                let source = try images.source(forElement: index, image: image)
                let layer = try CairoSurface.image(width: right - left, height: rows.count)
                let layerContext = try CairoContext(surface: layer)
                try layerContext.translate(x: -Double(left), y: -Double(rows.lowerBound))
                try layerContext.scale(by: scale)
                try Self.paintClipped(
                    source, in: frame, area: area, radius: radius, context: layerContext, padEdges: true)
                try layerContext.checkStatus("draw the image '\(image.path)'")
                return layer
            }
            if bottom - top <= Limits.maxSurfaceSide && (right - left) * 4 * (bottom - top) <= Limits.maxTileBytes {
                let layer = try images.layer(forElement: index) { try makeLayer(rows: top..<bottom) }
                context.paintPixels(layer, atX: left, y: top)
                return
            }
            // Too large to keep whole: cut into bands of fixed page rows, the same whatever the
            // tiles (Cairo's pixels depend on a layer's extent, so cutting at tile edges would
            // not), and draw the bands this tile crosses.
            let band = Limits.imageBandRows
            let first = max(top, rows.lowerBound) / band
            let last = (min(bottom, rows.upperBound) - 1) / band
            guard first <= last else { return }
            for number in first...last {
                let bandRows = max(top, number * band)..<min(bottom, number * band + band)
                let layer = try images.layer(forElement: index, band: number) { try makeLayer(rows: bandRows) }
                context.paintPixels(layer, atX: left, y: bandRows.lowerBound)
            }
        }
    }

    /// `value` rounded by `rule` and clamped to `0...limit`; NaN is 0.
    private static func pixel(_ value: Double, _ rule: FloatingPointRoundingRule, limit: Int) -> Int {
        let rounded = value.rounded(rule)
        guard rounded > 0 else { return 0 }
        return rounded < Double(limit) ? Int(rounded) : limit
    }

    /// Paints `image` aspect-fill into `area`, clipped to it and to `frame` with corners of `radius`.
    private static func paintClipped(
        _ image: CairoSurface, in frame: Rect, area: Rect, radius: Double, context: CairoContext, padEdges: Bool
    ) throws {
        let pixelWidth = Double(image.width)
        let pixelHeight = Double(image.height)
        let scale = max(area.width / pixelWidth, area.height / pixelHeight)
        let origin = Point(
            x: area.minX + (area.width - pixelWidth * scale) / 2,
            y: area.minY + (area.height - pixelHeight * scale) / 2)
        context.save()
        defer { context.restore() }
        context.setRoundedRectPath(frame, radius: radius)
        context.clip()
        if area != frame {
            context.setRoundedRectPath(area, radius: 0)
            context.clip()
        }
        try context.paintImage(image, at: origin, scale: scale, padEdges: padEdges)
    }

    /// Strokes along the inside of the rounded frame: the path inset by half the line width.
    private func drawStroke(_ stroke: Stroke, frame: Rect, radius: Double, context: CairoContext) {
        let inset = stroke.width / 2
        let path = Rect(
            x: frame.minX + inset, y: frame.minY + inset,
            width: frame.width - stroke.width, height: frame.height - stroke.width)
        guard path.width > 0, path.height > 0 else { return }
        let innerRadius = max(0, min(radius - inset, path.width / 2, path.height / 2))
        context.setRoundedRectPath(path, radius: innerRadius)
        context.setColor(stroke.color)
        context.stroke(width: stroke.width)
    }
}
