/// The output formats, by the name users give to `--format`.
public enum RenderFormat: String, Sendable, Hashable, CaseIterable, CustomStringConvertible {
    /// SVG, text positioned in points.
    case svg
    /// A static HTML page, each element absolutely positioned, from Mustache templates.
    case html
    /// An HTML page that lets the browser place the cards with CSS grid-lanes (masonry).
    case htmlGridLanes = "html-grid-lanes"
    /// Opaque PNG, drawn by Cairo, in tiles for a page taller than Cairo draws at once.
    case png
    /// A one-page PDF, drawn by Cairo.
    case pdf
    /// The layout's frames as JSON, as `waterfall layout` prints them.
    case json

    /// The extension of the files written in this format, without the dot.
    public var fileExtension: String {
        switch self {
        case .svg: "svg"
        case .html: "html"
        case .htmlGridLanes: "grid-lanes.html"
        case .png: "png"
        case .pdf: "pdf"
        case .json: "layout.json"
        }
    }

    /// Whether its renderer draws images' pixels (PNG, PDF); the others embed or skip the files.
    public var drawsPixels: Bool { self == .png || self == .pdf }

    /// The name users give to `--format`.
    public var description: String { rawValue }
}
