import Testing
import WaterfallBatch
import WaterfallPipeline
import WaterfallSpec

/// The options `--widths`, `--appearance` and `--viewport` multiply a spec's pictures as its
/// `variants` do, and are refused alike past ``SpecLimits/maximumPictures``.
@Suite struct VariantLimitTests {
    static let spec = """
        width: 375
        style: {dark: {background: "#000000"}}
        sections: [{items: [{height: 50}]}]
        """

    func reason(_ variants: Variants, _ text: String = spec) throws -> String {
        let spec = try Spec.decode(text, file: "shop.yaml")
        do {
            let drawn = try variants.of(spec)
            return "\(drawn.count) variants"
        } catch {
            return error.description
        }
    }

    @Test func optionsThatMultiplyPastTheCapAreRefusedNamingVariants() throws {
        let widths = (1...32).map { Double(300 + $0) }
        #expect(
            try reason(
                Variants(
                    appearances: [.light, .dark], widths: widths,
                    screens: Screens(viewport: 800, position: .count(1000))))
                == "shop.yaml: variants (with --widths, --appearance, --viewport): 32 widths × 2 appearances × "
                + "1000 screens are 64000 pictures, more than the 256 one spec may have")
        // 32 × 2 × 4 = 256 pictures are drawn, 4 screens of each of 64 variants; an offset is one screen.
        #expect(
            try reason(
                Variants(
                    appearances: [.light, .dark], widths: widths, screens: Screens(viewport: 800, position: .count(4))))
                == "64 variants")
        // Both appearances of a spec with a dark style by default, as `examples` shows them.
        #expect(
            try reason(Variants(widths: widths, screens: Screens(viewport: 800, position: .offset(10))))
                == "64 variants")
        #expect(
            try reason(
                Variants(
                    widths: widths, screens: Screens(viewport: 800, position: .offset(10)),
                    defaultAppearances: [.light]))
                == "32 variants")
        // The spec's own variants count with the options': its 4 screens × 2 appearances × 33 widths.
        let declared = Self.spec + "\nvariants: {appearance: both, viewport: {height: 800, screens: 4}}\n"
        #expect(
            try reason(Variants(widths: widths + [900]), declared)
                == "shop.yaml: variants (with --widths): 33 widths × 2 appearances × 4 screens are 264 pictures, "
                + "more than the 256 one spec may have")
    }

    /// A spec's declared clips count too, and `clips(of:)` is refused as `of(_:)` is.
    @Test func declaredClipsCount() throws {
        let declared =
            Self.spec
            + "\nvariants: {appearance: both, viewport: {height: 800, screens: 2}, animate: [scroll, load-more]}\n"
        let spec = try Spec.decode(declared, file: "shop.yaml")
        let widths = (1...33).map { Double(300 + $0) }
        // 32 × 2 × (2 screens + 2 clips) = 256.
        #expect(try Variants(widths: Array(widths.prefix(32))).clips(of: spec).count == 32 * 2 * 2)
        do {
            _ = try Variants(widths: widths).clips(of: spec)
            Issue.record("33 widths × 2 appearances × (2 screens + 2 clips) were accepted")
        } catch {
            #expect(error.description.contains("33 widths × 2 appearances × (2 screens + 2 clips) are 264 pictures"))
        }
    }
}
