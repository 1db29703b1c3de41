import Testing
import WaterfallSpec

/// `variants:` read as `--appearance`, `--widths` and `--viewport` are, with errors at their place.
@Suite struct SpecVariantsDecodingTests {
    static let dark = "width: 375\nstyle: {dark: {background: \"#000000\"}}\nsections: []\n"

    func variants(_ yaml: String, base: String = dark) throws -> SpecVariants? {
        try Spec.decode(base + "variants: " + yaml + "\n", file: "spec.yaml").variants
    }

    func error(_ yaml: String, base: String = dark) -> String {
        do {
            _ = try Spec.decode(base + "variants: " + yaml + "\n", file: "spec.yaml")
            return "no error"
        } catch {
            return error.description
        }
    }

    @Test func theIssuesExampleReads() throws {
        let read = try variants("{appearance: both, widths: [320, 375, 430], viewport: {height: 812, screens: 3}}")
        #expect(read?.appearances == [.light, .dark])
        #expect(read?.widths == [320, 375, 430])
        #expect(read?.viewport == SpecVariants.Viewport(length: 812, screens: 3))
        #expect(try Spec.decode(Self.dark, file: "spec.yaml").variants == nil)
    }

    @Test func widthsTakeTheNamesWidthsTakes() throws {
        #expect(try variants("{widths: [iphone, phones, 1024]}")?.widths == [375, 320, 393, 430, 1024])
        #expect(try variants("{widths: tablets}")?.widths == [768, 1024])
        #expect(try variants("{widths: \"se, 500\"}")?.widths == [320, 500])
        #expect(try variants("{viewport: {height: 800, offset: 1200}}")?.viewport?.offset == 1200)
    }

    @Test func badValuesAreErrorsAtTheirPlace() throws {
        #expect(
            error("{widths: [320, iphon]}")
                == "spec.yaml:4:26: variants.widths[1]: \"iphon\" is neither a width from 1 to 1000000 nor one of phones, tablets, devices, se, iphone, iphone-pro, pro-max, ipad-mini, ipad (did you mean \"iphone\"?)"
        )
        #expect(
            error("{widths: [0]}").hasSuffix(
                "variants.widths[0]: \"0\" is neither a width from 1 to 1000000 nor one of phones, tablets, devices, se, iphone, iphone-pro, pro-max, ipad-mini, ipad"
            ))
        // In a list written as one string, the part that names no width.
        #expect(error("{widths: \"iphone, tablest\"}").contains(#"variants.widths: "tablest" is neither"#))
        #expect(error("{widths: \"iphone, tablest\"}").hasSuffix(#"(did you mean "tablets"?)"#))
        #expect(error("{widths: [ipda]}").hasSuffix(#"(did you mean "ipad"?)"#))
        #expect(!error("{widths: [galaxy]}").contains("did you mean"))
        #expect(error("{widths: []}").contains("variants.widths: needs at least one width"))
        #expect(
            error("{widths: [" + (1...33).map(String.init).joined(separator: ", ") + "]}")
                .contains("variants.widths: at most 32 widths, not 33"))
        #expect(error("{apperance: dark}").contains("variants.apperance: unknown key (did you mean \"appearance\"?)"))
        #expect(
            error("{appearance: drak}").contains(
                "variants.appearance: must be one of light, dark, both, not \"drak\" (did you mean \"dark\"?)"))
        #expect(
            error("{appearance: dark}", base: "width: 375\nsections: []\n")
                .contains("variants.appearance: dark needs a dark style (style.dark) to draw"))
        #expect(error("{viewport: {height: 0}}").contains("variants.viewport.height: must be greater than 0"))
        #expect(
            error("{viewport: {height: 812, screens: 1001}}").contains(
                "variants.viewport.screens: must be from 1 to 1000"))
        #expect(
            error("{viewport: {height: 812, screens: 2, offset: 3}}").contains(
                "variants.viewport.offset: give screens or offset, not both"))
        #expect(error("{viewport: {screens: 2}}").contains("variants.viewport: missing key \"height\""))
        #expect(
            error("{viewport: {width: 300}}").contains("variants.viewport.width: a screen's length is its \"height\""))
        let horizontal = "height: 300\nscrollDirection: horizontal\nsections: []\n"
        #expect(
            error("{widths: [320]}", base: horizontal).contains("variants.widths: a horizontal feed gives its height"))
        #expect(try variants("{viewport: {width: 500, screens: 2}}", base: horizontal)?.viewport?.length == 500)
    }

    @Test func clipsAreDeclaredWithTheirScreenAndTiming() throws {
        let read = try variants("{viewport: {height: 600}, animate: scroll, clip: {fps: 12, duration: 2.5}}")
        #expect(read?.animations == [.scroll])
        #expect(read?.clip == SpecVariants.ClipTiming(fps: 12, duration: 2.5))
        let both = try variants("{viewport: {height: 600}, animate: [load-more, scroll, load-more], clip: {pages: 2}}")
        #expect(both?.animations == [.loadMore, .scroll])
        #expect(both?.clip.pages == 2)
        #expect(try variants("{viewport: {height: 600}}")?.animations == [])
    }

    @Test func badClipsAreErrorsAtTheirPlace() {
        #expect(
            error("{animate: scroll}").contains(
                "variants.animate: a clip moves on a screen: give variants.viewport its height"))
        #expect(
            error("{viewport: {height: 600}, animate: scrol}").contains(
                "variants.animate: must be scroll or load-more, not \"scrol\" (did you mean \"scroll\"?)"))
        #expect(error("{viewport: {height: 600}, animate: []}").contains("variants.animate: needs at least one of"))
        #expect(
            error("{viewport: {height: 600}, clip: {fps: 10}}").contains(
                "variants.clip: times the clips of animate, which is not given"))
        #expect(
            error("{viewport: {height: 600}, animate: scroll, clip: {fps: 61}}").contains(
                "variants.clip.fps: must be from 1 to 60"))
        #expect(
            error("{viewport: {height: 600}, animate: scroll, clip: {duration: 61}}").contains(
                "variants.clip.duration:"))
        #expect(
            error("{viewport: {height: 600}, animate: scroll, clip: {pages: 21}}").contains(
                "variants.clip.pages: must be from 1 to 20"))
        #expect(
            error("{viewport: {height: 600}, animate: scroll, clip: {speed: 2}}").contains(
                "variants.clip.speed: unknown key"))
    }

    /// At most ``SpecLimits/maximumPictures`` pictures are declared; more are refused at `variants`.
    ///
    /// Widths × appearances × screens, and the clips of each, multiply: a 400-byte spec asked for
    /// 64,000 pictures.
    @Test func declaredPicturesAreCapped() throws {
        #expect(SpecLimits.maximumPictures == 256)
        let widths = (1...32).map { String(300 + $0) }.joined(separator: ", ")
        #expect(
            error("{appearance: both, widths: [\(widths)], viewport: {height: 800, screens: 1000}}")
                == "spec.yaml:4:11: variants: 32 widths × 2 appearances × 1000 screens are 64000 pictures, "
                + "more than the 256 one spec may have")
        // 4 × 2 × 32 = 256 is allowed; one screen more is not.
        let four = "[320, 375, 393, 430]"
        #expect(try variants("{appearance: both, widths: \(four), viewport: {height: 800, screens: 32}}") != nil)
        #expect(
            error("{appearance: both, widths: \(four), viewport: {height: 800, screens: 33}}").contains(
                "variants: 4 widths × 2 appearances × 33 screens are 264 pictures, more than the 256"))
        // Clips count: 4 × 2 × (31 screens + 2 clips) = 264.
        #expect(
            error(
                "{appearance: both, widths: \(four), viewport: {height: 800, screens: 31}, animate: [scroll, load-more]}"
            ).contains("4 widths × 2 appearances × (31 screens + 2 clips) are 264 pictures"))
        // Without a dark style, both appearances are one.
        let light = "width: 375\nsections: []\n"
        #expect(
            try variants("{appearance: both, widths: \(four), viewport: {height: 800, screens: 64}}", base: light)
                != nil)
    }
}

/// The `--widths` list: the word that names no width is repeated, with the closest name.
@Suite struct WidthListTests {
    @Test func aBadWordIsRepeatedWithTheClosestName() {
        #expect(throws: WidthListError.self) { try DeviceWidths(parsing: "375,iphon") }
        do {
            _ = try DeviceWidths(parsing: "375,iphon")
        } catch {
            #expect(error.description.hasPrefix("--widths: 'iphon' is neither a width from 1 to 1000000 nor one of"))
            #expect(error.description.hasSuffix("; did you mean 'iphone'?"))
        }
        do {
            _ = try DeviceWidths(parsing: "galaxy\n")
        } catch {
            #expect(error.description.hasPrefix(#"--widths: 'galaxy\n' is neither"#))
            #expect(!error.description.contains("did you mean"))
        }
        #expect(DeviceWidths.closestName(to: " Pro-Mx ") == "pro-max")
        #expect(DeviceWidths.closestName(to: "2000000") == nil)
    }
}
