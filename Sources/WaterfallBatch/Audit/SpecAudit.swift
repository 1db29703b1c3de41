import Foundation
import WaterfallAudit
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// The accessibility findings of one picture of a spec: a variant, or a screen of one.
public struct PictureAudit: Sendable, Codable, Hashable {
    /// The spec file as given.
    public var spec: String
    /// The picture's name, as its files are named: `shop@375.accessibility3.dark`.
    public var picture: String
    /// What the audit found, in document order.
    public var findings: [Finding]
    /// What the audit measured of every text, passing or not, when asked for; `nil` otherwise.
    public var texts: [TextMeasurement]?

    /// Creates the audit of a picture.
    ///
    /// - Parameters:
    ///   - spec: The spec file as given.
    ///   - picture: The picture's name.
    ///   - findings: What the audit found.
    public init(spec: String, picture: String, findings: [Finding]) {
        self.spec = spec
        self.picture = picture
        self.findings = findings
    }
}

/// `waterfall audit`: every picture of a spec drawn at its variants and audited (see `Audit` in
/// WaterfallAudit), without baselines.
public enum SpecAudit {
    /// The audits of every picture of the spec at `path`, drawn at `variants` by `pipeline`, in
    /// the order ``Variants/of(_:)`` gives, each variant's screens in order.
    ///
    /// - Parameters:
    ///   - path: The spec file.
    ///   - variants: The variants to draw it at.
    ///   - pipeline: How it is laid out and drawn; its renderers are not used.
    ///   - largeText: Which reading of WCAG's large text the contrast is judged by.
    ///   - measuringTexts: Whether each picture's audit lists every text measured (`texts`).
    /// - Throws: The spec's error, or a variant's that cannot be drawn.
    public static func audit(
        specAt path: String, variants: Variants, pipeline: RenderPipeline, largeText: LargeTextRule = .ios,
        measuringTexts: Bool = false
    ) throws -> [PictureAudit] {
        let spec = try pipeline.loadSpec(at: path)
        let name = RenderPipeline.baseName(path)
        var pipeline = pipeline
        // The contrast is measured on the pixels Cairo draws: keep the images' pixels.
        pipeline.keepsImagePixels = true
        // Its contrast is measured on a raster of the picture: held to the pixel limit of a PNG,
        // from each variant's layout before its scene is built.
        pipeline.drawsPictures = true
        var audits: [PictureAudit] = []
        for variant in try variants.of(spec) {
            let prepared = try pipeline.prepare(variant.apply(to: spec), screens: variant.screens)
            audits += try self.audits(
                of: prepared, name: variant.name(name), screens: variant.screens, spec: path, pipeline: pipeline,
                largeText: largeText, measuringTexts: measuringTexts)
        }
        return audits
    }

    /// The audit of a prepared variant's picture named `name`, or of each of its `screens`.
    static func audits(
        of prepared: PreparedSpec, name: String, screens: Screens?, spec: String, pipeline: RenderPipeline,
        largeText: LargeTextRule = .ios, measuringTexts: Bool = false
    ) throws -> [PictureAudit] {
        let contentSize = prepared.spec.contentSizeName
        func audit(_ scene: Scene, picture: String) throws -> PictureAudit {
            let report = try Audit.report(in: scene, contentSize: contentSize, largeText: largeText)
            var audit = PictureAudit(spec: spec, picture: picture, findings: report.findings)
            if measuringTexts { audit.texts = report.texts }
            return audit
        }
        guard let screens else { return [try audit(prepared.scene, picture: name)] }
        return try screens.screens(of: prepared.layout).map { screen in
            try audit(
                pipeline.screen(prepared, at: screen.offset, viewport: screens.viewport), picture: name + screen.suffix)
        }
    }

    /// The audits as JSON: `{"pictures": [{"spec", "picture", "findings": […]}]}`, sorted keys, the
    /// same bytes every run.
    public static func json(_ audits: [PictureAudit]) throws -> [UInt8] {
        try JSONOutput.encode(["pictures": audits], layout: .pretty)
    }
}

extension Spec {
    /// The content size category the spec is drawn at, as a spec names it: `large` by default.
    package var contentSizeName: String { (style.contentSize ?? .large).rawValue }
}
