import Foundation
import WaterfallPipeline
import WaterfallRender
import WaterfallSpec

/// Renders specs in several formats into a folder through the one pipeline, and writes their
/// files all or nothing.
struct RenderJob: Sendable {
    var pipeline: RenderPipeline
    var output: String
    /// The appearances to draw: `NAME.png` for the light one, `NAME.dark.png` for the dark one.
    var appearances: [Appearance] = [.light]
    /// The screens to draw instead of whole pages (`--viewport`), `nil` for whole pages.
    var screens: Screens?
    /// The widths to draw each spec at (`--widths`): `NAME@375.png`…; empty for the spec's own.
    var widths: [Double] = []
    /// The files each spec of this run claimed, so two specs never write one file.
    let claims = OutputClaims()

    /// Renders the spec at `specPath` into the output folder; returns the files written.
    ///
    /// Every appearance is laid out and drawn before any file is written, so a spec that fails in
    /// one leaves nothing. A spec without a dark style is drawn light only, unless only the dark
    /// appearance is asked for, which is an error.
    func run(specPath: String) throws -> [String] {
        let spec = try Spec.load(path: specPath)
        let name = Self.baseName(specPath)
        if appearances == [.dark], !spec.hasDarkAppearance {
            throw CLIError.io(path: specPath, message: "has no dark style (style.dark) to draw")
        }
        let drawn = appearances.filter { $0 == .light || spec.hasDarkAppearance }
        if !widths.isEmpty, spec.scrollDirection == .horizontal {
            throw CLIError.io(
                path: specPath,
                message: "is a horizontal feed: it gives a height, not a width, so --widths cannot set it")
        }
        var prepared: [(name: String, spec: PreparedSpec)] = []
        for width in widths.isEmpty ? [nil] : widths.map(Optional.some) {
            var sized = spec
            if let width { sized.width = width }
            let sizedName = width.map { DeviceWidths.name(name, width: $0) } ?? name
            for appearance in drawn {
                prepared.append(
                    (
                        appearance == .dark ? sizedName + ".dark" : sizedName,
                        try pipeline.prepare(sized.inAppearance(appearance))
                    ))
            }
        }
        var files: [String] = []
        for (name, spec) in prepared {
            files += try pipeline.write(spec, name: name, into: output, claims: claims, screens: screens)
        }
        return files
    }

    /// The output name of a spec: its file name without the extension (`-` reads as `stdin`).
    static func baseName(_ specPath: String) -> String { RenderPipeline.baseName(specPath) }
}
