import Foundation
import SnapshotTesting
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallSnapshotTesting
import WaterfallSpec
import WaterfallTestSupport

/// The strategies used as a user would, with references recorded in `__Snapshots__`.
@Suite(.serialized) struct SnapshotStrategyTests {
    static let directory = Repository.path("Tests/WaterfallSnapshotTestingTests/__Snapshots__")

    func shopGrid(changingMugBy delta: Double = 0) throws -> Spec {
        var spec = try Spec.load(path: Repository.path("Examples/01-shop-grid.yaml"))
        if delta != 0 {
            let mug = spec.sections[0].items.firstIndex { $0.title == "Ceramic mug" }!
            spec.sections[0].items[mug].layout = .height(140 + delta)
        }
        return spec
    }

    /// `verifySnapshot` against the committed reference; `nil` means it matched.
    func verify<Format>(_ spec: Spec, as strategy: Snapshotting<Spec, Format>, record: Bool = false) -> String? {
        verifySnapshot(
            of: spec, as: strategy, named: "shop-grid", record: record ? .all : .never,
            snapshotDirectory: Self.directory, testName: "example")
    }

    @Test func theExampleMatchesItsRecordedPNGSVGAndLayout() throws {
        let spec = try shopGrid()
        if ProcessInfo.processInfo.environment["WATERFALL_RECORD"] == "1" {
            _ = verify(spec, as: .png, record: true)
            _ = verify(spec, as: .svg, record: true)
            _ = verify(spec, as: .layoutJSON, record: true)
        }
        #expect(verify(spec, as: .png) == nil)
        #expect(verify(spec, as: .svg) == nil)
        #expect(verify(spec, as: .layoutJSON) == nil)
    }

    @Test func aOnePointChangeFailsThePNGStrategyWithArtifacts() throws {
        let failure = try #require(verify(try shopGrid(changingMugBy: 1), as: .png))
        #expect(failure.contains("PNG snapshot does not match"))
        // The message says where the reference, actual and diff pictures are, and they are there.
        let paths = failure.split(separator: "\n").compactMap { line -> String? in
            for prefix in ["reference: ", "actual: ", "diff: "] where line.hasPrefix(prefix) {
                return String(line.dropFirst(prefix.count))
            }
            return nil
        }
        #expect(paths.count == 3)
        for path in paths { #expect(FileManager.default.fileExists(atPath: path), "\(path)") }
    }

    @Test func theSameChangeShowsInTheLayoutAndSVGStrategies() throws {
        let spec = try shopGrid(changingMugBy: 1)
        let layout = try #require(verify(spec, as: .layoutJSON))
        #expect(layout.contains("\"height\": 141"))
        #expect(verify(spec, as: .svg) != nil)
    }

    @Test func precisionLetsASmallChangePass() throws {
        let spec = try shopGrid(changingMugBy: 1)
        // About 0.4% of the pixels change.
        #expect(verify(spec, as: .png(precision: 0.99)) == nil)
        #expect(verify(spec, as: .png(precision: 0.999)) != nil)
    }

    @Test func pngDataIsComparedByPixelsNotBytes() throws {
        // The same pixels written by two encoders differ in bytes but not in pixels.
        let pixels = [UInt8](repeating: 200, count: 4 * 4 * 4)
        let a = Data(PNGFixture.encodeStored(width: 4, height: 4, pixels: pixels))
        let b = Data(try PNGCodec.encode(PixelImage(width: 4, height: 4, pixels: pixels)))
        #expect(a != b)
        #expect(Diffing<Data>.pngPixels().diffV2(a, b) == nil)
        var changed = pixels
        changed[0] = 0
        let c = Data(try PNGCodec.encode(PixelImage(width: 4, height: 4, pixels: changed)))
        #expect(Diffing<Data>.pngPixels().diffV2(a, c) != nil)
    }
}
