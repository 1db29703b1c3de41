import WaterfallLayout

extension Scene {
    /// The part of this scene inside `rect`, moved so that the rectangle's corner is the origin.
    ///
    /// The rectangle is widened to whole device pixels, so that the part is drawn with the
    /// pixels the whole scene has there. It holds the elements that reach into it, in their
    /// order, each whole (the renderers clip it to the page).
    ///
    /// - Parameter rect: The part to keep, in points.
    public func cropped(to rect: Rect) -> Scene {
        let left = (rect.minX * scale).rounded(.down) / scale
        let top = (rect.minY * scale).rounded(.down) / scale
        let right = (rect.maxX * scale).rounded(.up) / scale
        let bottom = (rect.maxY * scale).rounded(.up) / scale
        let bounds = Rect(x: left, y: top, width: max(0, right - left), height: max(0, bottom - top))
        var part = self
        part.size = Size(width: bounds.width, height: bounds.height)
        part.layoutSize = nil
        part.grid = nil
        part.elements = elements.compactMap { element in
            guard bounds.intersectsElement(element.frame) else { return nil }
            var moved = element
            moved.translate(by: Point(x: -left, y: -top))
            return moved
        }
        return part
    }
}
