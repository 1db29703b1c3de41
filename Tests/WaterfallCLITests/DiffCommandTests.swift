import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallTestSupport

/// `waterfall diff` on PNGs and on layouts, run in process (``InProcess``); ``DiffProcessTests``
/// runs it as the binary.
@Suite struct DiffCommandTests {
    /// A folder of this test's own, removed when it ends.
    let temporary: TemporaryFolder
    var folder: String { temporary.path }

    init() throws { temporary = try TemporaryFolder() }

    func png(_ name: String, width: Int, height: Int, paint: (Int, Int) -> (UInt8, UInt8, UInt8)) throws -> String {
        var pixels: [UInt8] = []
        for y in 0..<height {
            for x in 0..<width {
                let (r, g, b) = paint(x, y)
                pixels += [r, g, b, 255]
            }
        }
        let path = folder + "/" + name
        try Data(try PNGCodec.encode(PixelImage(width: width, height: height, pixels: pixels))).write(
            to: URL(fileURLWithPath: path))
        return path
    }

    func spec(_ name: String, _ text: String) throws -> String {
        let path = folder + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func identicalImagesAreTheSame() throws {
        let a = try png("a.png", width: 20, height: 10) { x, _ in (UInt8(x * 10), 100, 50) }
        let b = try png("b.png", width: 20, height: 10) { x, _ in (UInt8(x * 10), 100, 50) }
        let result = InProcess.run(["diff", a, b])
        #expect(result.status == 0)
        #expect(result.standardOutput == "identical: 0 of 200 pixels differ (0%), 0 anti-aliased\n")
    }

    /// Eight changed regions: the summary gives the box around them all and the five largest,
    /// `--verbose` every one, and `--json` every one whatever is asked.
    @Test func manyRegionsAreSummedUpWithTheFiveLargest() throws {
        let boxes = [
            (0, 0, 4, 3), (6, 0, 3, 3), (12, 0, 2, 2), (16, 0, 2, 1), (20, 0, 1, 1), (24, 5, 1, 1), (30, 10, 1, 1),
            (35, 15, 1, 1),
        ]
        let a = try png("a.png", width: 40, height: 20) { _, _ in (240, 240, 240) }
        let b = try png("b.png", width: 40, height: 20) { x, y in
            boxes.contains { x >= $0.0 && x < $0.0 + $0.2 && y >= $0.1 && y < $0.1 + $0.3 }
                ? (20, 20, 20) : (240, 240, 240)
        }
        let summary = InProcess.run(["diff", a, b])
        #expect(summary.status == 1)
        #expect(
            summary.standardOutput == """
                different: 31 of 800 pixels differ (3.875%), 0 anti-aliased
                changes within (0, 0) size 36×16, in 8 regions, 4 of them a single pixel; the 5 largest:
                changed region at (0, 0) size 4×3
                changed region at (6, 0) size 3×3
                changed region at (12, 0) size 2×2
                changed region at (16, 0) size 2×1
                changed region at (20, 0) size 1×1
                3 more regions: --verbose lists them all

                """)
        let verbose = InProcess.run(["diff", a, b, "--verbose"])
        #expect(verbose.status == 1)
        let listed = verbose.standardOutput.split(separator: "\n").filter { $0.hasPrefix("changed region at") }
        #expect(listed.count == 8)
        #expect(listed.last == "changed region at (35, 15) size 1×1")
        for arguments in [["--json"], ["--json", "--verbose"]] {
            let json = InProcess.run(["diff", a, b] + arguments)
            let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
            #expect((object["regions"] as? [Any])?.count == 8)
        }
    }

    @Test func differentSizesAreADifferenceNotACrash() throws {
        let a = try png("a.png", width: 20, height: 10) { _, _ in (240, 240, 240) }
        let b = try png("b.png", width: 20, height: 12) { _, _ in (240, 240, 240) }
        let output = folder + "/diff.png"
        let result = InProcess.run(["diff", a, b, "--output", output])
        #expect(result.status == 1)
        #expect(result.standardOutput.hasPrefix("different sizes: 20×10 and 20×12; compared the common area\n"))
        let diff = try PNGCodec.decode([UInt8](FileManager.default.contents(atPath: output)!))
        #expect(diff.width == 20 && diff.height == 10)
    }

    /// What cannot be read is one line naming it, before anything is read: a FIFO is never
    /// waited on, and an empty file is not a PNG.
    @Test func filesThatCannotBeComparedAreOneLineEach() throws {
        let a = try png("a.png", width: 4, height: 4) { _, _ in (1, 2, 3) }
        let fifo = folder + "/pipe.png"
        try #require(mkfifo(fifo, 0o600) == 0)
        let empty = try spec("empty.png", "")
        let cases: [(String, String)] = [
            (fifo, "\(fifo): is not a regular file"), (folder, "\(folder): is a directory"),
            (folder + "/missing.png", "\(folder)/missing.png: no such file"),
            (empty, "\(a) and \(empty) are not of the same kind: compare two PNGs, or two specs or layouts"),
        ]
        for (other, message) in cases {
            let result = InProcess.run(["diff", a, other])
            #expect(result.status == 2, "\(other)")
            #expect(result.standardError == "error: \(message)\n", "\(other)")
        }
        // Two empty files are the same text, and neither a spec nor a layout.
        let both = InProcess.run(["diff", empty, empty])
        #expect(both.status == 2)
        #expect(both.standardError.hasPrefix("error: \(empty)"))
    }

    @Test func aCorruptPNGIsAnError() throws {
        let a = try png("a.png", width: 20, height: 10) { _, _ in (240, 240, 240) }
        var bytes = [UInt8](FileManager.default.contents(atPath: a)!)
        bytes.removeLast(bytes.count / 2)
        let broken = folder + "/broken.png"
        try Data(bytes).write(to: URL(fileURLWithPath: broken))
        let result = InProcess.run(["diff", a, broken])
        #expect(result.status == 2)
        #expect(result.standardError.hasPrefix("error: \(broken): is not a readable PNG"))
        #expect(result.standardOutput.isEmpty)
        let mixed = InProcess.run(["diff", a, Repository.path("Examples/04-grid-100.yaml")])
        #expect(mixed.status == 2)
    }

    @Test func aHalfPixelShiftCountsWithIncludeAAAndShowsInTheLayoutDiff() throws {
        // At scale 2, a quarter point is half a device pixel.
        let old = try spec(
            "old.yaml",
            "width: 100\nscale: 2\ndefaults: {columns: 1, sectionInset: {left: 10, right: 10}}\nsections: [{items: [{height: 40, color: \"#203040\"}]}]\nstyle: {background: \"#ffffff\", cornerRadius: 0}"
        )
        let new = try spec(
            "new.yaml",
            "width: 100\nscale: 2\ndefaults: {columns: 1, sectionInset: {left: 10.25, right: 9.75}}\nsections: [{items: [{height: 40, color: \"#203040\"}]}]\nstyle: {background: \"#ffffff\", cornerRadius: 0}"
        )
        let render = InProcess.run(["render", old, new, "--format", "png", "--output", folder])
        #expect(render.status == 0, "\(render.standardError)")
        let plain = InProcess.run(["diff", folder + "/old.png", folder + "/new.png", "--json"])
        let counted = InProcess.run([
            "diff", folder + "/old.png", folder + "/new.png", "--include-aa", "--json",
        ])
        let plainObject = try JSONSerialization.jsonObject(with: Data(plain.standardOutput.utf8)) as! [String: Any]
        let countedObject = try JSONSerialization.jsonObject(with: Data(counted.standardOutput.utf8)) as! [String: Any]
        // Without --include-aa the shifted edge is reported as anti-aliasing, but never hidden.
        #expect((plainObject["antialiasedPixels"] as! Int) + (plainObject["differentPixels"] as! Int) > 0)
        #expect(counted.status == 1)
        #expect((countedObject["differentPixels"] as! Int) > 0)
        let layout = InProcess.run(["diff", old, new])
        #expect(layout.status == 1)
        // Numbers a person reads to 0.1 pt; --json keeps the exact 10.25.
        #expect(layout.standardOutput.hasPrefix("cause  defaults.sectionInset.left: 10 → 10.3 — "))
        #expect(layout.standardOutput.contains("\nsection 0 item 0: (10, 0, 80, 40) → (10.3, 0, 80, 40)\n"))
        #expect(layout.standardOutput.contains("1 moved"))
        #expect(layout.standardOutput.contains("largest shift 0.3 pt (section 0 item 0)"))
        let exact = InProcess.run(["diff", old, new, "--json"])
        #expect(exact.standardOutput.contains(#""new":{"height":40,"width":80,"x":10.25,"y":0}"#))
    }

    @Test func layoutDumpsAndSpecsCompareAlike() throws {
        let spec = Repository.path("Examples/03-sections.yaml")
        let dump = folder + "/sections.layout.json"
        try InProcess.run(["layout", spec]).standardOutput.write(toFile: dump, atomically: true, encoding: .utf8)
        let same = InProcess.run(["diff", dump, spec])
        #expect(same.status == 0)
        #expect(same.standardOutput.hasPrefix("layouts are the same"))
        let other = InProcess.run(["diff", spec, Repository.path("Examples/04-grid-100.yaml"), "--json"])
        #expect(other.status == 1)
        let object = try JSONSerialization.jsonObject(with: Data(other.standardOutput.utf8)) as! [String: Any]
        let summary = object["summary"] as! [String: Any]
        #expect((summary["disappeared"] as! Int) > 0)
    }

    /// Specs whose cards are sized by their image and text are laid out as `render` lays them
    /// out, so two of them can be compared.
    @Test func twoSpecsAreComparedInTheSpecsTermsAndATitleIsADifference() throws {
        func feed(_ title: String) -> String {
            "width: 200\nscale: 1\nsections:\n  - header: {height: 40, title: \(title)}\n    items: [{height: 50}]\n"
        }
        let old = try spec("old.yaml", feed("Today"))
        let new = try spec("new.yaml", feed("Tonight"))
        let result = InProcess.run(["diff", old, new])
        // No frame moves, and still the title is a difference: exit 1, named as `check` names it.
        #expect(result.status == 1)
        #expect(
            result.standardOutput
                == "cause  sections[0].header.title: \"Today\" → \"Tonight\" — The layout is unchanged: only what is "
                + "drawn changes.\nlayouts are the same (2 elements)\n")
        #expect(InProcess.run(["diff", old, old]).status == 0)
    }

    @Test func specsWithCardsSizedByTheirContentAreCompared() throws {
        let spec = Repository.path("Examples/10-photo-feed.yaml")
        let same = InProcess.run(["diff", spec, spec])
        #expect(same.status == 0, "\(same.standardError)")
        let other = InProcess.run(["diff", spec, Repository.path("Examples/13-shop-data.yaml")])
        #expect(other.status == 1, "\(other.standardError)")
        #expect(other.standardError.isEmpty)
    }
}

/// `waterfall diff` as the binary: the exit status, the diff image written, the JSON.
@Suite(.onWaitingThreads, .tags(.process)) struct DiffProcessTests {
    let files: DiffCommandTests

    init() throws { files = try DiffCommandTests() }

    @Test func aOnePixelChangeIsFoundWithItsRegionAndDiffImage() throws {
        let a = try files.png("a.png", width: 20, height: 10) { _, _ in (240, 240, 240) }
        let b = try files.png("b.png", width: 20, height: 10) { x, y in
            x == 7 && y == 3 ? (20, 20, 20) : (240, 240, 240)
        }
        let output = files.folder + "/diff.png"
        let result = try CommandRunner.run(["diff", a, b, "--output", output])
        #expect(result.status == 1)
        #expect(
            result.standardOutput
                == "different: 1 of 200 pixels differ (0.5%), 0 anti-aliased\nchanged region at (7, 3) size 1×1\n")
        let diff = try PNGCodec.decode([UInt8](FileManager.default.contents(atPath: output)!))
        #expect(diff.color(x: 7, y: 3) == .init(red: 255, green: 0, blue: 0))
        let json = try CommandRunner.run(["diff", a, b, "--json"])
        let object = try JSONSerialization.jsonObject(with: Data(json.standardOutput.utf8)) as! [String: Any]
        #expect(object["differentPixels"] as? Int == 1)
        #expect(object["different"] as? Bool == true)
    }
}
