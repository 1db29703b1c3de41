import Foundation
import Testing
import WaterfallTestSupport

#if canImport(FoundationXML)
import FoundationXML
#endif

/// `waterfall check` in CI: JUnit and JSON results, GitHub annotations, parallel and sharded
/// runs, record modes and pruning, through the built binary in temporary folders.
@Suite(.onWaitingThreads, .tags(.process)) struct CheckForCITests {
    /// Seven small specs with recorded baselines, in a folder of their own.
    struct Suite {
        /// Removed with the last copy of the suite.
        let temporary: TemporaryFolder
        var folder: String { temporary.path }
        var baselines: String
        var specs: [String]

        func spec(_ name: String) -> String { folder + "/\(name).yaml" }
        func baseline(_ file: String) -> String { baselines + "/" + file }
    }

    static let names = ["alpha", "bravo", "charlie", "delta", "echo", "foxtrot", "golf"]

    /// A two-column spec, its item heights chosen by `seed` so every spec draws a different picture.
    static func specText(seed: Int, grow: Int = 0) -> String {
        let heights = (0..<4).map { 20 + ($0 * 7 + seed * 5) % 30 }
        var text = "width: 60\nscale: 1\ndefaults: {columns: 2, interitemSpacing: 4, lineSpacing: 4}\n"
        text += "sections:\n  - items:\n"
        for (index, height) in heights.enumerated() {
            text += "      - {height: \(index == 0 ? height + grow : height)}\n"
        }
        return text
    }

    func suite(record: Bool = true) throws -> Suite {
        let temporary = try TemporaryFolder()
        let folder = temporary.path
        let baselines = folder + "/baselines"
        try FileManager.default.createDirectory(atPath: baselines, withIntermediateDirectories: true)
        var specs: [String] = []
        for (seed, name) in Self.names.enumerated() {
            let spec = folder + "/\(name).yaml"
            try Self.specText(seed: seed).write(toFile: spec, atomically: true, encoding: .utf8)
            specs.append(spec)
        }
        if record {
            let recorded = InProcess.run(["check", "--record"] + specs + ["--baselines", baselines])
            #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
        }
        return Suite(temporary: temporary, baselines: baselines, specs: specs)
    }

    /// Makes the first item of `charlie` one point taller, so its baselines differ: item 0 resized, item 2 moved.
    func change(_ suite: Suite) throws {
        try Self.specText(seed: 2, grow: 1).write(toFile: suite.spec("charlie"), atomically: true, encoding: .utf8)
    }

    func check(_ suite: Suite, _ extra: [String] = [], specs: [String]? = nil, environment: [String: String] = [:])
        throws -> CommandResult
    {
        try CommandRunner.run(
            ["check"] + (specs ?? suite.specs) + ["--baselines", suite.baselines] + extra,
            environment: ["GITHUB_ACTIONS": "false"].merging(environment) { $1 })
    }

    func inode(_ path: String) throws -> Int {
        (try FileManager.default.attributesOfItem(atPath: path)[.systemFileNumber] as? NSNumber)?.intValue ?? -1
    }

    func bytes(_ path: String) -> Data? { FileManager.default.contents(atPath: path) }

    // MARK: - JUnit

    #if canImport(FoundationXML)
    @Test func junitIsWellFormedXMLWithOneTestCaseASpecAndTheCounts() throws {
        let suite = try suite()
        defer { try? FileManager.default.removeItem(atPath: suite.folder) }
        try change(suite)
        try FileManager.default.removeItem(atPath: suite.baseline("echo.svg"))
        // A bad spec whose name holds markup, quotes and a control character XML 1.0 cannot hold.
        let hostile = suite.folder + "/bad <&\"'>\u{1}.yaml"
        try "width: -1\n".write(toFile: hostile, atomically: true, encoding: .utf8)
        let junit = suite.folder + "/out/junit.xml"
        try FileManager.default.createDirectory(atPath: suite.folder + "/out", withIntermediateDirectories: true)
        let result = try check(suite, ["--junit", junit], specs: suite.specs + [hostile])
        #expect(result.status == 2)

        let document = try XMLDocument(contentsOf: URL(fileURLWithPath: junit), options: [])
        let testSuites = try document.nodes(forXPath: "//testsuite").compactMap { $0 as? XMLElement }
        #expect(testSuites.count == 1)
        let testSuite = try #require(testSuites.first)
        #expect(testSuite.attribute(forName: "name")?.stringValue == "waterfall check")
        #expect(testSuite.attribute(forName: "tests")?.stringValue == "8")
        #expect(testSuite.attribute(forName: "failures")?.stringValue == "2")
        #expect(testSuite.attribute(forName: "errors")?.stringValue == "1")
        #expect(Double(testSuite.attribute(forName: "time")?.stringValue ?? "") != nil)

        let cases = testSuite.elements(forName: "testcase")
        let hostileShown = suite.folder + "/bad <&\"'>.yaml"
        #expect(cases.map { $0.attribute(forName: "name")?.stringValue } == suite.specs + [hostileShown])
        #expect(cases.allSatisfy { $0.attribute(forName: "classname")?.stringValue == "waterfall.check" })
        func child(_ name: String, of spec: String) -> XMLElement? {
            cases.first { $0.attribute(forName: "name")?.stringValue == spec }?.elements(forName: name).first
        }
        let changed = try #require(child("failure", of: suite.spec("charlie")))
        // The failure's message is the cause, in the spec's terms, as the terminal's first cause line.
        let lines = result.standardOutput.split(separator: "\n")
        let changedLine = try #require(lines.firstIndex { $0.hasPrefix("CHANGED  \(suite.spec("charlie")): ") })
        let causeLine = String(lines[changedLine + 1])
        #expect(causeLine.hasPrefix("  cause  sections[0].items[0].height: "), "\(causeLine)")
        #expect(changed.attribute(forName: "message")?.stringValue == String(causeLine.dropFirst(9)))
        #expect(
            changed.stringValue?.contains(String(lines[changedLine].dropFirst(9 + suite.spec("charlie").count + 2)))
                == true)
        #expect(changed.attribute(forName: "type")?.stringValue == "changed")
        #expect(changed.stringValue?.contains("section 0 item 0:") == true)
        #expect(changed.stringValue?.contains("charlie.png: different: ") == true)
        let new = try #require(child("failure", of: suite.spec("echo")))
        #expect(new.attribute(forName: "type")?.stringValue == "new")
        #expect(new.attribute(forName: "message")?.stringValue == "no baseline SVG")
        let error = try #require(child("error", of: hostileShown))
        #expect(
            error.attribute(forName: "message")?.stringValue?.hasSuffix("width: must be greater than 0, not -1") == true
        )
        for name in ["alpha", "bravo", "delta", "foxtrot", "golf"] {
            #expect(child("failure", of: suite.spec(name)) == nil)
            #expect(child("error", of: suite.spec(name)) == nil)
        }
        #expect(
            !(try FileManager.default.contentsOfDirectory(atPath: suite.folder + "/out")).contains { $0 != "junit.xml" }
        )
    }
    #endif

    // MARK: - Shards and jobs

    @Test func threeShardsCoverEverySpecExactlyOnceWhateverTheOrder() throws {
        let suite = try suite()
        defer { try? FileManager.default.removeItem(atPath: suite.folder) }
        var seen: [String] = []
        for (k, order) in [suite.specs, suite.specs.reversed(), suite.specs.shuffled()].enumerated() {
            let result = try check(suite, ["--shard", "\(k + 1)/3"], specs: order)
            #expect(result.status == 0, "\(result.standardError)")
            let checked = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("ok       ") }
                .map { String($0.dropFirst(9)) }
            // In the order given, and the same part whatever that order.
            #expect(checked == order.filter { checked.contains($0) })
            let again = try check(suite, ["--shard", "\(k + 1)/3"], specs: order.shuffled())
            let checkedAgain: [String] = again.standardOutput.split(separator: "\n").filter { $0.hasPrefix("ok") }
                .map { String($0.dropFirst(9)) }
            #expect(Set(checkedAgain) == Set(checked))
            #expect(checked.count == 2 || checked.count == 3)
            seen += checked
        }
        #expect(seen.sorted() == suite.specs.sorted())
        // Sorted by path, index modulo 3: the first shard has the 1st, 4th and 7th.
        let first = try check(suite, ["--shard", "1/3"])
        #expect(
            first.standardOutput.hasSuffix("check: 3 unchanged, 0 changed, 0 without baseline, 0 recorded, 0 errors\n"))
        for name in ["alpha", "delta", "golf"] {
            #expect(first.standardOutput.contains("ok       \(suite.spec(name))\n"))
        }
    }

    @Test func badShardsAndJobsAreOneLineErrors() throws {
        let suite = try suite(record: false)
        defer { try? FileManager.default.removeItem(atPath: suite.folder) }
        for bad in [
            ["--shard", "0/3"], ["--shard", "4/3"], ["--shard", "a/b"], ["--shard", "1/0"], ["--shard", "1/"],
            ["--shard", "1/3/5"], ["--jobs", "0"], ["--jobs", "-2"], ["--jobs=-1"],
        ] {
            let result = try check(suite, bad)
            #expect(result.status == 2, "\(bad)")
            #expect(result.standardOutput.isEmpty)
            #expect(result.standardError.hasPrefix("error: "), "\(bad)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(bad): \(result.standardError)")
        }
        #expect(try check(suite, ["--shard", "a/b"]).standardError.contains("write it as K/N"))
        #expect(try check(suite, ["--shard", "4/3"]).standardError.contains("K must be from 1 to 3"))
        #expect(try check(suite, ["--jobs", "0"]).standardError.contains("--jobs must be at least 1"))
    }

    @Test func twoJobsPrintAndWriteTheSameAsOne() throws {
        let suite = try suite()
        defer { try? FileManager.default.removeItem(atPath: suite.folder) }
        try change(suite)
        try FileManager.default.removeItem(atPath: suite.baseline("foxtrot.layout.json"))
        let one = try check(suite, ["--jobs", "1", "--json", suite.folder + "/one.json"])
        let two = try check(suite, ["--jobs", "2", "--json", suite.folder + "/two.json"])
        #expect(one.status == 1)
        #expect(two.status == 1)
        #expect(one.standardOutput == two.standardOutput)
        #expect(bytes(suite.folder + "/one.json") == bytes(suite.folder + "/two.json"))
        // Not a terminal: no progress lines.
        #expect(one.standardError.isEmpty)
        #expect(two.standardError.isEmpty)
        let order = two.standardOutput.split(separator: "\n").compactMap { line in
            suite.specs.firstIndex { line.contains($0) }
        }
        #expect(order == Array(suite.specs.indices))
    }

    @Test(
        .onWaitingThreads, .tags(.externalProgram),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func aTerminalSeesAProgressLineThatClearsItself() throws {
        let suite = try suite()
        defer { try? FileManager.default.removeItem(atPath: suite.folder) }
        // util-linux's script(1) gives the command a terminal; standard output goes to a file.
        let command =
            "\"$WATERFALL\" check \(suite.specs.joined(separator: " ")) --baselines \(suite.baselines) --jobs 2 "
            + "> \(suite.folder)/out.txt"
        let result = try CommandRunner.shell("/usr/bin/script -qec '\(command)' /dev/null")
        #expect(result.status == 0, "\(result.standardError)")
        let drawn = result.standardOutput
        for done in 1...7 { #expect(drawn.contains("\r\u{1B}[K[\(done)/7] \(suite.folder)/")) }
        #expect(drawn.hasSuffix("\r\u{1B}[K"))
        let output = try String(contentsOfFile: suite.folder + "/out.txt", encoding: .utf8)
        #expect(output.hasSuffix("check: 7 unchanged, 0 changed, 0 without baseline, 0 recorded, 0 errors\n"))
        #expect(!output.contains("\u{1B}"))
    }

    /// `render`'s progress line is drawn by the same code as `check`'s: a file name's escape codes
    /// never reach the terminal.
    @Test(
        .onWaitingThreads, .tags(.externalProgram),
        .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/script")))
    func renderDrawsItsProgressLineWithoutAFileNamesEscapeCodes() throws {
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        for name in ["plain", "red\u{1B}[31mtitle\u{7}"] {
            try "width: 60\nsections: [{items: [{height: 20}]}]\n".write(
                toFile: folder + "/\(name).yaml", atomically: true, encoding: .utf8)
        }
        let command = "cd \(folder) && \"$WATERFALL\" render *.yaml --format svg --output out > out.txt"
        let result = try CommandRunner.shell("/usr/bin/script -qec '\(command)' /dev/null")
        #expect(result.status == 0, "\(result.standardError)")
        let drawn = result.standardOutput
        #expect(
            drawn.contains("\r\u{1B}[K[1/2] plain.yaml") || drawn.contains("\r\u{1B}[K[2/2] plain.yaml"), "\(drawn)")
        #expect(drawn.contains("red[31mtitle.yaml"), "\(drawn.debugDescription)")
        #expect(!drawn.contains("\u{1B}[31m") && !drawn.contains("\u{7}"))
        #expect(drawn.hasSuffix("\r\u{1B}[K"))
    }

    // MARK: - JSON

    @Test func jsonHoldsEverySpecsOutcome() throws {
        let suite = try suite()
        defer { try? FileManager.default.removeItem(atPath: suite.folder) }
        try change(suite)
        try FileManager.default.removeItem(atPath: suite.baseline("echo.png"))
        let path = suite.folder + "/results.json"
        let result = try check(suite, ["--json", path])
        #expect(result.status == 1)
        let text = try String(contentsOfFile: path, encoding: .utf8)
        // One line, keys sorted (JSONOutput's one setting), the summary last.
        let counts = #""summary":{"changed":1,"failed":0,"new":1,"passed":5,"recorded":0,"total":7}}"#
        #expect(text.hasSuffix(counts + "\n"))
        #expect(text.filter { $0 == "\n" }.count == 1)
        let root = try #require(try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any])
        let specs = try #require(root["specs"] as? [[String: Any]])
        #expect(specs.map { $0["spec"] as? String } == suite.specs)
        #expect(specs.map { $0["name"] as? String } == Self.names)
        #expect(
            specs.map { $0["status"] as? String } == [
                "passed", "passed", "changed", "passed", "new", "passed", "passed",
            ])

        let charlie = specs[2]
        #expect((charlie["reason"] as? String)?.contains("pixels differ") == true)
        #expect(charlie["svgChanged"] as? Bool == true)
        let tiles = try #require(charlie["tiles"] as? [[String: Any]])
        #expect(tiles.count == 1)
        #expect(tiles[0]["suffix"] as? String == "")
        #expect(tiles[0]["baseline"] as? Bool == true)
        let different = try #require(tiles[0]["differentPixels"] as? Int)
        #expect(different > 0)
        #expect((tiles[0]["changedPixels"] as? Int ?? 0) >= different - (tiles[0]["antialiasedPixels"] as? Int ?? 0))
        #expect((tiles[0]["totalPixels"] as? Int ?? 0) > different)
        #expect((tiles[0]["regions"] as? Int ?? 0) >= 1)
        let layout = try #require(charlie["layout"] as? [String: Any])
        #expect(layout["different"] as? Bool == true)
        // Each change as a person reads it, and its exact frames in fields of their own.
        let changes = try #require(layout["changes"] as? [[String: Any]])
        #expect((changes.first?["line"] as? String)?.hasPrefix("section 0 item 0: ") == true)
        #expect(changes.first?["change"] as? String == "resized")
        #expect((changes.first?["new"] as? [String: Double])?["height"] == 31)
        let summary = try #require(layout["summary"] as? [String: Int])
        #expect(summary["resized"] == 1)
        #expect(summary["moved"] == 1)
        #expect(Set(summary.keys) == ["moved", "resized", "movedAndResized", "appeared", "disappeared", "unchanged"])
        #expect((layout["text"] as? String)?.hasPrefix("1 moved, 1 resized") == true)

        let echo = specs[4]
        #expect(echo["reason"] as? String == "no baseline PNG")
        let echoTile = try #require((echo["tiles"] as? [[String: Any]])?.first)
        #expect(echoTile["baseline"] as? Bool == false)
        #expect(echoTile["differentPixels"] is NSNull)
        #expect((echoTile["totalPixels"] as? Int ?? 0) > 0)

        let alpha = specs[0]
        #expect(alpha["reason"] as? String == "unchanged")
        let alphaTile = try #require((alpha["tiles"] as? [[String: Any]])?.first)
        #expect(alphaTile["differentPixels"] as? Int == 0)
        #expect((alphaTile["totalPixels"] as? Int ?? 0) > 0)
        // The same results, the same bytes.
        _ = try check(suite, ["--json", path + "2"])
        #expect(bytes(path) == bytes(path + "2"))
    }

    // MARK: - GitHub Actions

    /// A spec error's annotation sits at its line and column; a spec that only changed has none.
    @Test func githubAnnotationsAreEscaped() throws {
        let suite = try suite()
        defer { try? FileManager.default.removeItem(atPath: suite.folder) }
        try change(suite)
        let odd = suite.folder + "/50%,odd:name\nline.yaml"
        try "width: -1\n".write(toFile: odd, atomically: true, encoding: .utf8)
        let specs = [suite.spec("alpha"), suite.spec("charlie"), odd]
        let result = try check(suite, specs: specs, environment: ["GITHUB_ACTIONS": "true"])
        #expect(result.status == 2)
        let annotations = result.standardOutput.split(separator: "\n").filter { $0.hasPrefix("::") }
        #expect(annotations.count == 2)
        let folder = suite.folder.replacingOccurrences(of: ":", with: "%3A").replacingOccurrences(of: ",", with: "%2C")
        #expect(annotations[0].hasPrefix("::error file=\(folder)/charlie.yaml,title=waterfall check::"))
        #expect(annotations[0].contains("pixels differ"))
        #expect(
            annotations[1]
                == "::error file=\(folder)/50%25%2Codd%3Aname%0Aline.yaml,line=1,col=8,title=waterfall check::"
                // The message itself shows the line break as `\n`: it is one line before GitHub sees it.
                + "\(suite.folder)/50%25,odd:name\\nline.yaml:1:8: width: must be greater than 0, not -1")
        // Outside GitHub Actions, none.
        let plain = try check(suite, specs: specs)
        #expect(!plain.standardOutput.contains("::error"))
    }

    // MARK: - Record modes

    @Test func recordMissingLeavesChangedBaselinesAndRecordAllRewritesEveryOne() throws {
        let suite = try suite()
        defer { try? FileManager.default.removeItem(atPath: suite.folder) }
        try change(suite)
        try FileManager.default.removeItem(atPath: suite.baseline("echo.svg"))
        let changedPNG = bytes(suite.baseline("charlie.png"))
        let changedSVG = bytes(suite.baseline("charlie.svg"))
        let untouched = try inode(suite.baseline("alpha.png"))

        let missing = try check(suite, ["--record=missing"])
        #expect(missing.status == 1)
        #expect(missing.standardOutput.contains("CHANGED  \(suite.spec("charlie")): "))
        #expect(missing.standardOutput.contains("recorded \(suite.spec("echo")): no baseline SVG"))
        #expect(FileManager.default.fileExists(atPath: suite.baseline("echo.svg")))
        #expect(bytes(suite.baseline("charlie.png")) == changedPNG)
        #expect(bytes(suite.baseline("charlie.svg")) == changedSVG)
        #expect(try inode(suite.baseline("alpha.png")) == untouched)

        // Every baseline, written before the specs are named.
        let all = InProcess.run(
            ["check", "--record=all"] + suite.specs + ["--baselines", suite.baselines])
        #expect(all.status == 0, "\(all.standardError)")
        #expect(
            all.standardOutput.hasSuffix("check: 0 unchanged, 0 changed, 0 without baseline, 7 recorded, 0 errors\n"))
        #expect(bytes(suite.baseline("charlie.png")) != changedPNG)
        #expect(bytes(suite.baseline("charlie.svg")) != changedSVG)
        #expect(try inode(suite.baseline("alpha.png")) != untouched)
        #expect(try check(suite).status == 0)
        #expect(
            !(try FileManager.default.contentsOfDirectory(atPath: suite.baselines)).contains { $0.contains(".tmp-") })
    }

    @Test func plainRecordMeansChangedInAnyPosition() throws {
        let suite = try suite()
        defer { try? FileManager.default.removeItem(atPath: suite.folder) }
        try change(suite)
        let untouched = try inode(suite.baseline("alpha.png"))
        let result = InProcess.run(
            ["check", "--record"] + suite.specs + ["--baselines", suite.baselines])
        #expect(result.status == 0, "\(result.standardError)")
        #expect(
            result.standardOutput.hasSuffix("check: 6 unchanged, 0 changed, 0 without baseline, 1 recorded, 0 errors\n")
        )
        #expect(try inode(suite.baseline("alpha.png")) == untouched)
        let bad = try check(suite, ["--record=sometimes"])
        #expect(bad.status == 2)
        #expect(bad.standardError.split(separator: "\n").count == 1)
        #expect(bad.standardError.contains("--record must be missing, changed or all, not 'sometimes'"))
    }

    // MARK: - Prune

    @Test func pruneListsAndRemovesOnlyStaleBaselines() throws {
        let suite = try suite()
        defer { try? FileManager.default.removeItem(atPath: suite.folder) }
        // A spec tall enough for two tiles, recorded, then dropped from the suite.
        let tall = suite.folder + "/tall.yaml"
        try "width: 10\nscale: 1\ndefaults: {columns: 1}\nsections:\n  - items:\n      - {height: 40000}\n".write(
            toFile: tall, atomically: true, encoding: .utf8)
        let recorded = try check(suite, ["--record"], specs: [tall])
        #expect(recorded.status == 0, "\(recorded.standardOutput)\(recorded.standardError)")
        let fm = FileManager.default
        // Another spec's baselines, gone from the suite too.
        for ext in ["png", "svg", "layout.json"] {
            try fm.copyItem(atPath: suite.baseline("golf.\(ext)"), toPath: suite.baseline("retired.\(ext)"))
        }
        // Things that are not baselines, or not stale.
        let keep = [
            "notes.txt", "index.html", "alpha.pdf", "alpha.html", ".hidden.svg", "unmarked-2.txt",
            "alpha.json",
        ]
        for file in keep { try Data("x".utf8).write(to: URL(fileURLWithPath: suite.baseline(file))) }
        try fm.createDirectory(atPath: suite.baseline("folder.svg"), withIntermediateDirectories: true)
        try fm.createSymbolicLink(atPath: suite.baseline("link.svg"), withDestinationPath: suite.baseline("alpha.svg"))
        // The dropped spec's record of its inputs is stale with its baselines.
        let stale = [
            "retired.layout.json", "retired.png", "retired.svg", "tall-1.png", "tall-2.png", "tall.findings.json",
            "tall.inputs.json", "tall.layout.json", "tall.svg",
        ]
        #expect(stale.allSatisfy { fm.fileExists(atPath: suite.baseline($0)) })
        let before = try fm.contentsOfDirectory(atPath: suite.baselines).sorted()

        let listed = try check(suite, ["--prune"])
        #expect(listed.status == 1)
        let lines = listed.standardOutput.split(separator: "\n").filter { $0.hasPrefix("STALE    ") }
        #expect(lines.map { String($0.dropFirst(9)) } == stale.map(suite.baseline))
        #expect(listed.standardOutput.contains("prune: 9 stale baselines\n"))
        #expect(try fm.contentsOfDirectory(atPath: suite.baselines).sorted() == before)

        // A shard prunes against every spec given, not only its own.
        let shard = try check(suite, ["--prune", "--shard", "2/3"])
        #expect(shard.standardOutput.split(separator: "\n").filter { $0.hasPrefix("STALE") }.count == 9)

        let removed = try check(suite, ["--prune", "--record"])
        #expect(removed.status == 0, "\(removed.standardOutput)\(removed.standardError)")
        #expect(removed.standardOutput.contains("removed  \(suite.baseline("tall-2.png"))\n"))
        #expect(removed.standardOutput.contains("prune: 9 stale baselines removed\n"))
        #expect(try fm.contentsOfDirectory(atPath: suite.baselines).sorted() == before.filter { !stale.contains($0) })
        #expect(try check(suite, ["--prune"]).status == 0)
    }
}
