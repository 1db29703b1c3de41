import Testing
import WaterfallLayout
import WaterfallSpec

/// Sizes that become pixels have documented bounds, refused at their line and column with a
/// clear message before anything converts them (issue 10, items 1, 5 and 8).
@Suite struct SpecBoundsTests {
    private func message(_ text: String) -> String? {
        do {
            _ = try Spec.decode(text, file: "s.yaml").layout()
            return nil
        } catch {
            return error.description
        }
    }

    @Test func aWidthPastTheBoundIsRefusedWhereItIsWritten() {
        #expect(message("width: 5e18") == "s.yaml:1:8: width: must be at most 1000000, not 5e+18")
        #expect(message("width: 1000001") == "s.yaml:1:8: width: must be at most 1000000, not 1000001")
        #expect(message("width: 1000000") == nil)
    }

    @Test func everyOtherLengthIsBounded() {
        let tooLong = "1.5e12"
        let cases: [(String, String)] = [
            ("minimumContentHeight: \(tooLong)", "minimumContentHeight"),
            ("defaults: {lineSpacing: \(tooLong)}", "defaults.lineSpacing"),
            ("defaults: {sectionInset: \(tooLong)}", "defaults.sectionInset"),
            ("defaults: {headerInset: {top: \(tooLong)}}", "defaults.headerInset.top"),
            ("sections: [{header: {height: \(tooLong)}}]", "sections[0].header.height"),
            ("sections: [{items: [{height: \(tooLong)}]}]", "sections[0].items[0].height"),
            ("sections: [{items: [{size: {width: \(tooLong), height: 1}}]}]", "sections[0].items[0].size.width"),
            ("sections: [{generate: {count: 1, maxHeight: \(tooLong)}}]", "sections[0].generate.maxHeight"),
            ("style: {cornerRadius: \(tooLong)}", "style.cornerRadius"),
        ]
        for (line, path) in cases {
            let found = message("width: 300\n" + line)
            #expect(
                found?.hasSuffix("\(path): must be at most 1000000000000, not 1500000000000") == true, "\(found ?? "")")
            #expect(found?.hasPrefix("s.yaml:2:") == true, "\(found ?? "")")
        }
    }

    @Test func generatedHeightsUpToTheBoundDecode() throws {
        let spec = try Spec.decode("width: 300\nsections: [{generate: {count: 3, minHeight: 1, maxHeight: 1e12}}]")
        #expect(spec.sections[0].items.count == 3)
        #expect(
            spec.sections[0].items.allSatisfy {
                if case .height(let h) = $0.layout.sizing { h <= 1e9 + 1 } else { false }
            })
    }

    @Test func theScaleHasALowerBound() throws {
        #expect(message("width: 300\nscale: 1e-300") == "s.yaml:2:8: scale: must be from 0.01 to 16, not 1e-300")
        #expect(message("width: 300\nscale: 0.009") == "s.yaml:2:8: scale: must be from 0.01 to 16, not 0.009")
        #expect(message("width: 300\nscale: 17") == "s.yaml:2:8: scale: must be from 0.01 to 16, not 17")
        #expect(try Spec.decode("width: 300\nscale: 0.01").scale == 0.01)
        #expect(try Spec.decode("width: 300\nscale: 16").scale == 16)
        #expect(SpecLimits.scale == 0.01...16)
    }

    @Test func aContentHeightPastTheBoundIsRefused() {
        let text = "width: 300\nsections: [{columns: 1, items: [{height: 6e11}, {height: 6e11}]}]"
        // Two cells and the line spacing of 10 between them.
        #expect(
            message(text)
                == "s.yaml: sections[0].items[1]: the content height exceeds 1000000000000 points (it would be 1200000000010)"
        )
        #expect(message("width: 300\nsections: [{columns: 1, items: [{height: 6e11}, {height: 3e11}]}]") == nil)
    }
}

/// The generator behind `generate` takes any range without trapping.
@Suite struct SplitMix64RangeTests {
    @Test func everyRangeGivesAValueInIt() {
        var random = SplitMix64(seed: 3)
        for range in [Int.min...Int.max, Int.min...0, -5...Int.max, 0...0, 7...9] {
            for _ in 0..<100 { #expect(range.contains(random.nextInt(in: range))) }
        }
        var small = SplitMix64(seed: 3)
        #expect(Set((0..<200).map { _ in small.nextInt(in: 0...3) }) == [0, 1, 2, 3])
    }
}
