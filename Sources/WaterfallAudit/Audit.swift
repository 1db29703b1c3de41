import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// The accessibility audit of a picture: what in its scene some people cannot read, see or tap.
///
/// It looks at the scene the renderers draw, so that it finds what the PNG shows:
/// - text below WCAG 2.2 AA contrast with what Cairo draws under its glyphs, where it is worst,
///   invisible text included (``TextContrast``);
/// - text cut short: ended with an ellipsis, with lines left out, or not drawn for want of room;
/// - tap targets smaller than 44 × 44 points: cards, footers with a title, and what a spec marks
///   `tappable`;
/// - images drawn larger than their pixels at the picture's scale, blurry on the device.
///
/// Findings come in document order (by section, then header, cells, footer), each kind in the
/// order above within an element, so the same scene gives the same list every run.
public enum Audit {
    /// The smallest tap target Apple's Human Interface Guidelines allow, in points, across and down.
    public static let minimumTarget = 44.0
    /// How much larger than its pixels an image may be drawn before it is blurry: 1%, for the
    /// rounding of a frame to points.
    public static let magnificationTolerance = 1.01

    /// The findings of `scene`, drawn at `contentSize` (the content size category, `large` by
    /// default), in document order.
    ///
    /// - Parameters:
    ///   - scene: The scene as the renderers draw it.
    ///   - contentSize: The content size category the scene was laid out at, named in what a cut
    ///     text's finding says.
    ///   - largeText: Which reading of WCAG's large text decides between 3:1 and 4.5:1: iOS points
    ///     (the default) or CSS pixels (``LargeTextRule``).
    /// - Throws: When the picture is over the pixel limit of a PNG
    ///   (`CairoRenderer.maximumPicturePixels`), checked before anything is drawn, or when Cairo
    ///   cannot draw a part of the scene to measure its contrast.
    public static func findings(
        in scene: Scene, contentSize: String = "large", largeText: LargeTextRule = .ios
    ) throws -> [Finding] {
        try report(in: scene, contentSize: contentSize, largeText: largeText).findings
    }

    /// The findings of `scene` and what was measured of each of its texts, passing or not, both
    /// in document order.
    ///
    /// - Parameters:
    ///   - scene: The scene as the renderers draw it.
    ///   - contentSize: The content size category the scene was laid out at.
    ///   - largeText: Which reading of WCAG's large text decides between 3:1 and 4.5:1.
    /// - Throws: As ``findings(in:contentSize:largeText:)`` does.
    public static func report(
        in scene: Scene, contentSize: String = "large", largeText: LargeTextRule = .ios
    ) throws -> AuditReport {
        // The contrast is measured on a raster of the whole picture, drawn a tile at a time.
        if scene.size.width > 0, scene.size.height > 0 {
            try CairoRenderer.checkPicture(size: scene.size, scale: scene.scale)
        }
        var findings: [Finding] = []
        var texts: [TextMeasurement] = []
        let measured = try TextContrast.texts(in: scene, largeText: largeText)
        let contrast = TextContrast.findings(of: measured, in: scene, largeText: largeText)
        for (index, element) in scene.elements.enumerated() where element.kind != .background {
            texts += measured[index] ?? []
            findings += contrast[index] ?? []
            findings += element.cuts.map { cutFinding($0, of: element, contentSize: contentSize) }
            findings += element.overflowingTexts.map { overflowFinding($0, of: element, contentSize: contentSize) }
            if let finding = targetFinding(element) { findings.append(finding) }
            if let finding = imageFinding(element, scale: scene.scale) { findings.append(finding) }
        }
        return AuditReport(findings: findings, texts: texts)
    }

    /// The spec key path of `element`: `sections[1].items[3]`, `sections[0].header`.
    static func place(of element: SceneElement) -> String {
        let section = "sections[\(element.section)]"
        switch element.kind {
        case .cell: return section + ".items[\(element.item ?? 0)]"
        case .header: return section + ".header"
        case .footer: return section + ".footer"
        case .background: return section
        }
    }

    /// The key path of a text of `element` in `role`: `sections[1].items[3].subtitle`, and a
    /// header's or footer's `title`.
    static func place(of element: SceneElement, role: String) -> String {
        let owner = place(of: element)
        return element.kind == .cell ? "\(owner).\(role)" : "\(owner).title"
    }

    private static func cutFinding(_ cut: TextCut, of element: SceneElement, contentSize: String) -> Finding {
        let how: String
        if cut.shownLines.isEmpty {
            how = "not drawn: it has no room at \(contentSize)"
        } else {
            let lines = cut.shownLines.count == 1 ? "1 line" : "\(cut.shownLines.count) lines"
            let end = cut.endsInEllipsis ? "ending in \"…\"" : "the rest left out"
            how =
                "cut to \(lines) at \(contentSize), \(end): \(cut.shownCharacters) of \(cut.totalCharacters) "
                + "characters show (\"\(Self.quoted(cut.shownText))\")"
        }
        var finding = Finding(
            kind: .truncation, place: place(of: element, role: cut.role), message: how, frame: element.frame)
        finding.characters = [cut.shownCharacters, cut.totalCharacters]
        return finding
    }

    /// A title drawn past its header's or footer's edges: its line is taller than the box.
    private static func overflowFinding(_ role: String, of element: SceneElement, contentSize: String) -> Finding {
        let runs = element.texts.filter { $0.role == role }
        let line = runs.map(\.frame.height).max() ?? 0
        let kind = element.kind == .cell ? "card" : element.kind.rawValue
        let message =
            "overflows its \(ShortestNumber.readable(element.frame.height)) pt \(kind) at \(contentSize): its line is "
            + "\(ShortestNumber.readable(line)) pt tall; height: auto sizes it to its text"
        return Finding(
            kind: .truncation, place: place(of: element, role: role), message: message, frame: element.frame)
    }

    private static func targetFinding(_ element: SceneElement) -> Finding? {
        let frame = element.layoutFrame ?? element.frame
        guard element.isTarget, frame.width < minimumTarget || frame.height < minimumTarget else { return nil }
        let size = "\(ShortestNumber.readable(frame.width)) × \(ShortestNumber.readable(frame.height)) pt"
        return Finding(
            kind: .smallTarget, place: place(of: element),
            message: "\(size), under the 44 × 44 pt a tap target needs", frame: element.frame)
    }

    private static func imageFinding(_ element: SceneElement, scale: Double) -> Finding? {
        guard let image = element.image, image.pixelWidth > 0, image.pixelHeight > 0 else { return nil }
        let area = element.imageFrame ?? element.frame
        // Aspect-fill: the image is scaled until it covers the area both ways.
        let pointsPerPixel = max(area.width / Double(image.pixelWidth), area.height / Double(image.pixelHeight))
        let magnification = pointsPerPixel * scale
        guard magnification > magnificationTolerance else { return nil }
        let shown =
            "\(Int((Double(image.pixelWidth) * magnification).rounded())) × "
            + "\(Int((Double(image.pixelHeight) * magnification).rounded()))"
        var finding = Finding(
            kind: .blurryImage, place: place(of: element) + ".image",
            message: "drawn at \(Finding.twoDecimals(magnification))× its pixels: \(image.pixelWidth) × "
                + "\(image.pixelHeight) px spread over \(shown) device pixels at \(ShortestNumber.readable(scale))×",
            frame: area)
        finding.magnification = Finding.rounded(magnification)
        return finding
    }

    /// `text` with its control characters and quotes made harmless for one line of output.
    static func quoted(_ text: String) -> String {
        String(
            String.UnicodeScalarView(text.unicodeScalars.map { $0.properties.generalCategory == .control ? " " : $0 })
        )
        .replacingQuotes
    }
}

extension String {
    fileprivate var replacingQuotes: String {
        String(map { $0 == "\"" ? "'" : $0 })
    }
}
