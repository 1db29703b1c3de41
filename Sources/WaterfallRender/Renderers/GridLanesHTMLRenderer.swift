import WaterfallCore
import WaterfallLayout

extension Renderer {
    /// A page in CSS itself: each section a `display: grid-lanes` container with the spec's gaps,
    /// paddings, spans and flow tolerance, so that the browser places the cards (Safari 26.4, or
    /// Chromium with `--enable-experimental-web-platform-features`).
    ///
    /// Cards keep their size along the scroll direction, their look and their text; where they go
    /// is the browser's. With `placement: gridLanes` that is where `waterfall layout` puts them.
    ///
    /// A browser without `display: grid-lanes` (`@supports not`) places every element at its frame
    /// instead, as the HTML page does: the picture the PNG draws.
    public static func htmlGridLanes(title: String = "Waterfall") -> Renderer {
        Renderer(format: .htmlGridLanes) { scene, emit in
            // A screen (`--viewport`) holds only the elements on it, and the browser would place
            // those anew: the page is always the whole feed, which the browser scrolls.
            guard let grid = scene.grid else { throw GridLanesPageError.noScreens }
            try emit(RenderedFile(bytes: Array(try GridLanesPage.page(scene, grid: grid, title: title).utf8)))
        }
    }
}

/// Why the native grid-lanes page cannot be written.
public enum GridLanesPageError: UserFacingError {
    /// The scene is a screen of a feed (`--viewport`), not the whole of it.
    case noScreens

    /// The error as one line that says what to leave out.
    public var description: String {
        "html-grid-lanes writes the whole feed as CSS, not screens: leave out --viewport, --screens and --offset"
    }
}

/// Writes ``Renderer/htmlGridLanes(title:)``'s page.
enum GridLanesPage {
    static func page(_ scene: Scene, grid: SceneGrid, title: String) throws -> String {
        let n = ShortestNumber.text
        let horizontal = grid.scrollDirection == .horizontal
        let drawer = HTMLPage.lineDrawer(scene)
        let mirrored = grid.layoutDirection == .rightToLeft
        var page = "<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
        page += "<meta name=\"viewport\" content=\"width=device-width\">\n<title>"
        Markup.appendMustacheEscaped(title, to: &page)
        page += "</title>\n"
        // The style sheet is the HTML page's (`Templates/style-page.mustache`), with its grid-lanes parts.
        var sheet = HTMLPage.context(scene, title: title)
        sheet["fontFaces"] = try scene.fonts?.embeddedFaces(in: scene).map(FontFaceContext.init) ?? []
        sheet["gridLanes"] = true
        page += try TemplateSet.bundled.render("style-page", sheet)
        var pageStyle = "inline-size: \(n(grid.width))px;"
        // A horizontal feed is a vertical one turned: its lanes are rows, filled left to right
        // (right to left when mirrored).
        if horizontal { pageStyle += " writing-mode: \(mirrored ? "vertical-rl" : "vertical-lr");" }
        if mirrored && !horizontal { pageStyle += " direction: rtl;" }
        // The page's own settings inline, so that pages can be put together in one document.
        pageStyle += " --width: \(n(scene.size.width))px; --height: \(n(scene.size.height))px;"
        page += "</head>\n<body>\n<div class=\"page\" style=\"\(pageStyle)\">\n"
        var bySection = [[SceneElement]](repeating: [], count: grid.sections.count)
        for element in scene.elements where grid.sections.indices.contains(element.section) {
            bySection[element.section].append(element)
        }
        for (index, section) in grid.sections.enumerated() {
            let settings = section.settings
            let spacing = index > 0 ? settings.spacingWithLastSection : 0
            page += "<section data-section=\"\(index)\" style=\"padding-block-start: \(n(spacing))px;\">\n"
            let elements = bySection[index]
            let background = elements.first { $0.kind == .background }
            if let background, background.fill.alpha > 0 {
                // Shown only by the fallback; grid-lanes paints it as the container's background.
                page += "<div class=\"element backdrop\" data-kind=\"background\" data-section=\"\(index)\" style=\""
                Markup.appendMustacheEscaped(
                    HTMLPage.position(background.frame, prefix: "--") + HTMLPage.appearance(background), to: &page)
                page += "\"></div>\n"
            }
            if let header = elements.first(where: { $0.kind == .header }) {
                // A pinned header sticks to the top of the visible bounds until its section ends.
                page += supplementary(
                    header, insets: flow(settings.headerInset, horizontal), horizontal: horizontal,
                    fonts: scene.fonts, drawer: drawer, sticky: settings.pinHeader)
            }
            var lanes = "grid-template-columns: repeat(\(settings.columns), 1fr);"
            lanes += " row-gap: \(n(settings.lineSpacing))px; column-gap: \(n(settings.interitemSpacing))px;"
            lanes += " " + padding(flow(settings.sectionInset, horizontal))
            lanes += " flow-tolerance: \(tolerance(settings.flowTolerance));"
            if let background, background.fill.alpha > 0 { lanes += " background: \(background.fill.cssText);" }
            page += "<div class=\"lanes\" data-placement=\"\(settings.placement.rawValue)\" style=\"\(lanes)\">\n"
            for element in elements where element.kind == .cell {
                let item = element.item ?? 0
                let span = section.spans.indices.contains(item) ? section.spans[item] : .single
                var style = "block-size: \(n(horizontal ? element.frame.width : element.frame.height))px;"
                switch span {
                case .full: style += " grid-column: 1 / -1;"
                case .columns(let count) where count > 1: style += " grid-column: span \(count);"
                case .columns: break
                }
                style += " " + HTMLPage.position(element.frame, prefix: "--")
                page += "<div class=\"element\" data-kind=\"cell\" data-section=\"\(index)\" data-item=\"\(item)\""
                page += " style=\""
                Markup.appendMustacheEscaped(style + HTMLPage.appearance(element), to: &page)
                page += "\">"
                HTMLPage.writeContent(element, fonts: scene.fonts, drawer: drawer, to: &page)
                page += "</div>\n"
            }
            page += "</div>\n"
            if let footer = elements.first(where: { $0.kind == .footer }) {
                page += supplementary(
                    footer, insets: flow(settings.footerInset, horizontal), horizontal: horizontal, fonts: scene.fonts,
                    drawer: drawer)
            }
            page += "</section>\n"
        }
        page += "</div>\n</body>\n</html>\n"
        return page
    }

    /// A header or footer: a box of its length along the scroll direction, in a box padded by its insets.
    private static func supplementary(
        _ element: SceneElement, insets: EdgeInsets, horizontal: Bool, fonts: SceneFonts?,
        drawer: (any GlyphDrawer)?, sticky: Bool = false
    ) -> String {
        let n = ShortestNumber.text
        var out = "<div class=\"\(sticky ? "inset pinned" : "inset")\" style=\"\(padding(insets))\">"
        out +=
            "<div class=\"element\" data-kind=\"\(element.kind.rawValue)\" data-section=\"\(element.section)\" style=\""
        let length = horizontal ? element.frame.width : element.frame.height
        let style = "block-size: \(n(length))px; " + HTMLPage.position(element.frame, prefix: "--")
        Markup.appendMustacheEscaped(style + HTMLPage.appearance(element), to: &out)
        out += "\">"
        HTMLPage.writeContent(element, fonts: fonts, drawer: drawer, to: &out)
        out += "</div></div>\n"
        return out
    }

    /// Insets in the layout's flow space (top and bottom along the scroll direction).
    private static func flow(_ insets: EdgeInsets, _ horizontal: Bool) -> EdgeInsets {
        horizontal ? EdgeInsets(top: insets.left, left: insets.top, bottom: insets.right, right: insets.bottom) : insets
    }

    /// Flow-space insets as logical padding, so that mirroring and turning follow the writing mode.
    private static func padding(_ insets: EdgeInsets) -> String {
        let n = ShortestNumber.text
        return "padding-block-start: \(n(insets.top))px; padding-inline-start: \(n(insets.left))px;"
            + " padding-block-end: \(n(insets.bottom))px; padding-inline-end: \(n(insets.right))px;"
    }

    private static func tolerance(_ value: Double) -> String {
        value.isFinite ? "\(ShortestNumber.text(value))px" : "infinite"
    }
}
