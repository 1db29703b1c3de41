import WaterfallMotion
import WaterfallSpec

/// A clip a spec declares (`variants: {animate: scroll}`): one animation of one of its
/// variants, written as an animated PNG beside its pictures and guarded by `check` frame by frame.
///
/// Its file is named after the variant and the animation: `shop.scroll.png`,
/// `shop@375.dark.load-more.png`.
public struct DeclaredClip: Sendable, Hashable {
    /// The appearance and width the clip is drawn at; its screens are the clip's own.
    public var variant: Variant
    /// The animation, its screen and timing, written as APNG.
    public var request: ClipRequest

    /// The name of the clip of a spec named `name`, without the extension: `shop@375.dark.scroll`.
    public func name(_ name: String) -> String { "\(variant.name(name)).\(request.animation.rawValue)" }

    /// The clip's file name: `shop@375.dark.scroll.png`.
    public func file(_ name: String) -> String { self.name(name) + "." + ClipFormat.apng.fileExtension }
}

extension Variants {
    /// The clips `spec` declares, for each of its variants (appearances and widths), each
    /// animation in the order declared; none when it declares none.
    ///
    /// A clip moves on the variants' screens: `--viewport` when given, else the spec's own
    /// `variants.viewport`.
    public func clips(of spec: Spec) throws(VariantError) -> [DeclaredClip] {
        guard let declared = spec.variants, !declared.animations.isEmpty else { return [] }
        let timing = declared.clip
        var clips: [DeclaredClip] = []
        for variant in try of(spec) {
            guard let viewport = variant.screens?.viewport else { continue }
            var still = variant
            still.screens = nil
            for animation in declared.animations {
                let fps = timing.fps ?? ClipRequest.defaultFPS
                var request = ClipRequest(
                    animation: animation, viewport: viewport, formats: [.apng], options: ClipOptions(fps: fps))
                request.fps = fps
                request.duration = timing.duration
                request.pages = timing.pages ?? 1
                clips.append(DeclaredClip(variant: still, request: request))
            }
        }
        return clips
    }
}
