import CWaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// A Cairo drawing context on a surface.
final class CairoContext {
    /// The C object; used only by the files of this folder, never outside it.
    let pointer: OpaquePointer
    /// Keeps the target alive while drawing.
    private let surface: CairoSurface

    init(surface: CairoSurface) throws {
        guard let pointer = cairo_create(surface.pointer) else {
            throw CairoError.cairo(operation: "create a drawing context", status: "no context returned")
        }
        let status = cairo_status(pointer)
        guard status == CAIRO_STATUS_SUCCESS else {
            cairo_destroy(pointer)
            throw failure(status, "create a drawing context")
        }
        self.pointer = pointer
        self.surface = surface
    }

    deinit {
        cairo_destroy(pointer)
    }

    /// Throws if any drawing call so far failed; Cairo ignores calls after the first failure.
    func checkStatus(_ operation: @autoclosure () -> String) throws {
        try check(cairo_status(pointer), operation())
    }

    /// Pushes the graphics state (transform, clip, source).
    func save() { cairo_save(pointer) }

    /// Pops the graphics state pushed by `save()`.
    func restore() { cairo_restore(pointer) }

    /// Draws what follows into a group, until ``paintGroup(alpha:)``.
    func pushGroup() { cairo_push_group(pointer) }

    /// Paints the group pushed by ``pushGroup()`` at the opacity `alpha`.
    func paintGroup(alpha: Double) {
        cairo_pop_group_to_source(pointer)
        cairo_paint_with_alpha(pointer, alpha)
    }

    /// Moves the origin by (`x`, `y`) user units; throws rather than leave Cairo a transform it
    /// cannot invert.
    func translate(x: Double, y: Double) throws {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        cairo_matrix_translate(&matrix, x, y)
        try Self.checkInvertible(matrix, "move the origin by (\(x), \(y))")
        cairo_translate(pointer, x, y)
    }

    /// Scales user units by `factor` in both directions; throws rather than leave Cairo a
    /// transform it cannot invert (a factor so small its square is 0, or not finite).
    func scale(by factor: Double) throws {
        var matrix = cairo_matrix_t()
        cairo_get_matrix(pointer, &matrix)
        cairo_matrix_scale(&matrix, factor, factor)
        try Self.checkInvertible(matrix, "scale the drawing by \(factor)")
        cairo_scale(pointer, factor, factor)
    }

    /// Throws unless every entry of `matrix` is finite and Cairo can invert it.
    private static func checkInvertible(_ matrix: cairo_matrix_t, _ operation: @autoclosure () -> String) throws {
        var inverse = matrix
        let entries = [matrix.xx, matrix.yx, matrix.xy, matrix.yy, matrix.x0, matrix.y0]
        guard entries.allSatisfy(\.isFinite), cairo_matrix_invert(&inverse) == CAIRO_STATUS_SUCCESS,
            [inverse.xx, inverse.yx, inverse.xy, inverse.yy, inverse.x0, inverse.y0].allSatisfy(\.isFinite)
        else {
            throw CairoError.cairo(operation: operation(), status: "the transformation would not be invertible")
        }
    }

    /// Ends the current PDF page; drawing continues on a new one.
    func showPage() throws {
        cairo_show_page(pointer)
        try checkStatus("end a PDF page")
    }

    /// Replaces every pixel of the target with `color`, made opaque.
    func paintOpaque(_ color: Color) {
        cairo_save(pointer)
        cairo_set_operator(pointer, CAIRO_OPERATOR_SOURCE)
        cairo_set_source_rgb(pointer, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255)
        cairo_paint(pointer)
        cairo_restore(pointer)
    }

    /// Makes `color` the source for fills and strokes.
    func setColor(_ color: Color) {
        cairo_set_source_rgba(
            pointer, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
            Double(color.alpha) / 255)
    }

    /// Makes a vertical linear gradient the source: `top` at `y0` to `bottom` at `y1` (user
    /// units), each colour carried on beyond its end.
    func setVerticalGradient(from y0: Double, _ top: Color, to y1: Double, _ bottom: Color) throws {
        guard let pattern = cairo_pattern_create_linear(0, y0, 0, y1) else {
            throw CairoError.cairo(operation: "create a gradient", status: "no pattern returned")
        }
        defer { cairo_pattern_destroy(pattern) }
        for (offset, color) in [(0.0, top), (1.0, bottom)] {
            cairo_pattern_add_color_stop_rgba(
                pattern, offset, Double(color.red) / 255, Double(color.green) / 255, Double(color.blue) / 255,
                Double(color.alpha) / 255)
        }
        try check(cairo_pattern_status(pattern), "create a gradient")
        cairo_set_source(pointer, pattern)
    }

    /// Replaces the path with `rect`, its corners rounded by circular arcs of `radius`.
    func setRoundedRectPath(_ rect: Rect, radius: Double) {
        cairo_new_path(pointer)
        guard radius > 0 else {
            cairo_rectangle(pointer, rect.minX, rect.minY, rect.width, rect.height)
            return
        }
        let half = Double.pi / 2
        cairo_new_sub_path(pointer)
        cairo_arc(pointer, rect.maxX - radius, rect.minY + radius, radius, -half, 0)
        cairo_arc(pointer, rect.maxX - radius, rect.maxY - radius, radius, 0, half)
        cairo_arc(pointer, rect.minX + radius, rect.maxY - radius, radius, half, 2 * half)
        cairo_arc(pointer, rect.minX + radius, rect.minY + radius, radius, 2 * half, 3 * half)
        cairo_close_path(pointer)
    }

    /// Fills the path with the source and clears it.
    func fill() { cairo_fill(pointer) }

    /// Narrows the clip to the path and clears it.
    func clip() { cairo_clip(pointer) }

    /// Strokes the path `width` user units wide with the source and clears it.
    func stroke(width: Double) {
        cairo_set_line_width(pointer, width)
        cairo_set_line_join(pointer, CAIRO_LINE_JOIN_MITER)
        cairo_set_miter_limit(pointer, 4)
        cairo_stroke(pointer)
    }

    /// Paints `image` with its top-left at `origin`, each image pixel `scale` user units large,
    /// sampled with Cairo's good filter; `padEdges` repeats edge pixels instead of fading them.
    func paintImage(_ image: CairoSurface, at origin: Point, scale: Double, padEdges: Bool) throws {
        cairo_save(pointer)
        defer { cairo_restore(pointer) }
        try translate(x: origin.x, y: origin.y)
        try self.scale(by: scale)
        cairo_set_source_surface(pointer, image.pointer, 0, 0)
        if let pattern = cairo_get_source(pointer) {
            cairo_pattern_set_filter(pattern, CAIRO_FILTER_GOOD)
            cairo_pattern_set_extend(pattern, padEdges ? CAIRO_EXTEND_PAD : CAIRO_EXTEND_NONE)
            try check(cairo_pattern_status(pattern), "set up an image pattern")
        }
        cairo_paint(pointer)
    }
}

extension CairoContext {
    /// Paints `layer` unscaled with its top-left at page pixel (`x`, `y`), ignoring the current
    /// transform (only the surface's device offset applies), so no resampling happens.
    func paintPixels(_ layer: CairoSurface, atX x: Int, y: Int) {
        cairo_save(pointer)
        cairo_identity_matrix(pointer)
        cairo_set_source_surface(pointer, layer.pointer, Double(x), Double(y))
        cairo_paint(pointer)
        cairo_restore(pointer)
    }
}
