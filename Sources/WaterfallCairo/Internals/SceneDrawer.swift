import WaterfallLayout
import WaterfallRender
import WaterfallSpec

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
        /// The target's transform must be `scale`, its surface offset a whole number of pixels.
        case raster(scale: Double)
    }

    /// The vertical extent, in points, of everything `element` may draw.
    static func verticalExtent(of element: SceneElement) -> ClosedRange<Double> {
        var top = element.frame.minY
        var bottom = element.frame.maxY
        for run in element.texts {
            top = min(top, run.frame.minY)
            bottom = max(bottom, run.frame.maxY)
        }
        return top...max(top, bottom)
    }

    /// Fills the page with the background and draws the elements for which `isVisible` is true.
    func draw(in context: CairoContext, isVisible: (Int, SceneElement) -> Bool = { _, _ in true }) throws {
        context.paintOpaque(scene.background)
        try context.checkStatus("paint the background")
        for (index, element) in scene.elements.enumerated() where isVisible(index, element) {
            try draw(element, index: index, in: context)
        }
    }

    private func draw(_ element: SceneElement, index: Int, in context: CairoContext) throws {
        let frame = element.frame
        if frame.width > 0, frame.height > 0 {
            let radius = max(0, min(element.cornerRadius, frame.width / 2, frame.height / 2))
            if element.fill.alpha > 0 {
                context.setRoundedRectPath(frame, radius: radius)
                context.setColor(element.fill)
                context.fill()
            }
            if let image = element.image {
                try drawImage(image, index: index, in: frame, radius: radius, context: context)
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

    /// Draws `image` aspect-fill (centered, covering the frame) clipped to the rounded frame.
    private func drawImage(
        _ image: SceneImage, index: Int, in frame: Rect, radius: Double, context: CairoContext
    ) throws {
        switch mode {
        case .vector:
            let surface = try images.surface(forElement: index) { try ImageCache.decode(image) }
            try Self.paintClipped(surface, in: frame, radius: radius, context: context, padEdges: false)
        case .raster(let scale):
            let left = Int((frame.minX * scale).rounded(.down))
            let top = Int((frame.minY * scale).rounded(.down))
            let layer = try images.surface(forElement: index) {
                let source = try ImageCache.decode(image)
                let layer = try CairoSurface.image(
                    width: Int((frame.maxX * scale).rounded(.up)) - left,
                    height: Int((frame.maxY * scale).rounded(.up)) - top)
                let layerContext = try CairoContext(surface: layer)
                layerContext.translate(x: -Double(left), y: -Double(top))
                layerContext.scale(by: scale)
                try Self.paintClipped(source, in: frame, radius: radius, context: layerContext, padEdges: true)
                try layerContext.checkStatus("draw the image '\(image.path)'")
                return layer
            }
            context.paintPixels(layer, atX: left, y: top)
        }
    }

    /// Paints `image` aspect-fill into `frame`, clipped to it with corners of `radius`.
    private static func paintClipped(
        _ image: CairoSurface, in frame: Rect, radius: Double, context: CairoContext, padEdges: Bool
    ) throws {
        let pixelWidth = Double(image.width)
        let pixelHeight = Double(image.height)
        let scale = max(frame.width / pixelWidth, frame.height / pixelHeight)
        let origin = Point(
            x: frame.minX + (frame.width - pixelWidth * scale) / 2,
            y: frame.minY + (frame.height - pixelHeight * scale) / 2)
        context.save()
        context.setRoundedRectPath(frame, radius: radius)
        context.clip()
        try context.paintImage(image, at: origin, scale: scale, padEdges: padEdges)
        context.restore()
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
