import Foundation
import Testing
import WaterfallCore
import WaterfallTestSupport

/// `check --shard K/N --blob DIR` and `merge-reports`: three shards merged give the report, JUnit
/// and JSON of one run, and a hostile blob is one line on standard error.
@Suite(.tags(.slow)) struct MergeReportsTests {
    /// Seven specs, one of them with variants, their baselines recorded, then one changed and
    /// one baseline removed, so the results hold every kind of outcome.
    func suite() throws -> (folder: String, specs: [String], baselines: String) {
        let folder = ExternalRenderers.temporaryPath("dir")
        let baselines = folder + "/baselines"
        try FileManager.default.createDirectory(atPath: baselines, withIntermediateDirectories: true)
        var specs: [String] = []
        for seed in 0..<7 {
            let spec = folder + "/spec\(seed).yaml"
            var text = CheckForCITests.specText(seed: seed)
            if seed == 3 {
                text += "style: {dark: {background: \"#111111\"}}\nvariants: {appearance: both, widths: [60, 50]}\n"
            }
            try text.write(toFile: spec, atomically: true, encoding: .utf8)
            specs.append(spec)
        }
        let recorded = InProcess.run(["check", "--record"] + specs + ["--baselines", baselines])
        #expect(recorded.status == 0, "\(recorded.standardError)")
        try CheckForCITests.specText(seed: 2, grow: 1).write(toFile: specs[2], atomically: true, encoding: .utf8)
        try
            (CheckForCITests.specText(seed: 3, grow: 2) + "style: {dark: {background: \"#111111\"}}\n"
            + "variants: {appearance: both, widths: [60, 50]}\n").write(
                toFile: specs[3], atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: baselines + "/spec5.svg")
        return (folder, specs, baselines)
    }

    func text(_ path: String) -> String { (try? String(contentsOfFile: path, encoding: .utf8)) ?? "<missing \(path)>" }

    func files(_ folder: String) -> [String: Data] {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: folder)) ?? []
        return Dictionary(
            uniqueKeysWithValues: names.map { ($0, FileManager.default.contents(atPath: folder + "/" + $0) ?? Data()) })
    }

    @Test func threeShardsMergedEqualOneRun() throws {
        let (folder, specs, baselines) = try suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let one = InProcess.run(
            ["check"] + specs + [
                "--baselines", baselines, "--report", folder + "/r0", "--junit", folder + "/j0.xml",
                "--json", folder + "/f0.json",
            ])
        #expect(one.status == 1, "\(one.standardError)")
        var blobs: [String] = []
        for k in 1...3 {
            let blob = folder + "/blob\(k)"
            let shard = InProcess.run(
                ["check"] + (k == 1 ? specs : specs.shuffled()) + [
                    "--baselines", baselines, "--shard", "\(k)/3", "--blob", blob,
                ])
            #expect(shard.status <= 1, "\(shard.standardError)")
            blobs.append(blob)
        }
        let merged = InProcess.run(
            // In the order of the first blob's specs, whatever the others were given.
            [
                "merge-reports", blobs[0], blobs[2], blobs[1], "--report", folder + "/r", "--junit", folder + "/j.xml",
                "--json", folder + "/f.json",
            ])
        #expect(merged.status == 1, "\(merged.standardError)")
        #expect(merged.standardError.isEmpty)
        #expect(text(folder + "/f.json") == text(folder + "/f0.json"))
        // The changed spec's causes travel through the blobs too.
        #expect(text(folder + "/f.json").contains(#""input":"sections[0].items["#))
        let time = try Regex(#"time="[0-9.]+""#)
        #expect(text(folder + "/j.xml").replacing(time, with: "") == text(folder + "/j0.xml").replacing(time, with: ""))
        #expect(text(folder + "/j.xml").contains("spec3.yaml @50.dark"))
        let report = files(folder + "/r")
        #expect(report == files(folder + "/r0"))
        #expect(report.count > 5)
        // A spec's variants together, under one heading.
        let page = text(folder + "/r/index.html")
        #expect(page.components(separatedBy: "class=\"spec-group\"").count == 2)
        #expect(merged.standardOutput.hasSuffix(one.standardOutput.split(separator: "\n").last.map { $0 + "\n" } ?? ""))
    }

    /// What a blob from an untrusted branch can hold: each is one line naming the file, exit 2.
    @Test func aHostileBlobIsOneLineNamingTheFile() throws {
        let (folder, specs, baselines) = try suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let blob = folder + "/blob"
        let shard = InProcess.run(["check"] + specs + ["--baselines", baselines, "--blob", blob])
        #expect(shard.status == 1, "\(shard.standardError)")
        let index = blob + "/blob.json"
        let good = text(index)
        #expect(good.contains("\"p0.png\"") && good.contains("\"shard\":\"1/1\""))
        try "secret".write(toFile: folder + "/secret.png", atomically: true, encoding: .utf8)
        let cases: [(String, String)] = [
            (good.replacingOccurrences(of: "\"p0.png\"", with: "\"..\\/secret.png\""), "is not a picture of a blob"),
            (good.replacingOccurrences(of: "\"version\":1", with: "\"version\":2"), "version 2"),
            ("{\"format\":", "not a waterfall check blob"),
            (good.replacingOccurrences(of: "\"shard\":\"1/1\"", with: "\"shard\":\"1/2\""), "shard 1/2"),
            (good.replacingOccurrences(of: "\"totalPixels\":", with: "\"totalPixels\":-"), "out of range"),
            // Names become file names in the report's folder.
            (
                good.replacingOccurrences(of: "\"name\":\"spec2\"", with: "\"name\":\"..\\/..\\/x\""),
                "does not hold together"
            ),
            (good.replacingOccurrences(of: "\"suffix\":\"\"", with: "\"suffix\":\"\\/..\\/x\""), "has the suffix"),
            // A baseline the report would show as an empty file.
            (good.replacingOccurrences(of: "\"reference\":\"p", with: "\"unread\":\"p"), "lacks a picture"),
        ]
        for (content, message) in cases {
            try content.write(toFile: index, atomically: true, encoding: .utf8)
            let result = InProcess.run(["merge-reports", blob, "--json", folder + "/f.json"])
            #expect(result.status == 2, "\(message): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            #expect(result.standardError.contains(blob), "\(result.standardError)")
            #expect(result.standardError.contains(message), "\(result.standardError)")
            #expect(!FileManager.default.fileExists(atPath: folder + "/f.json"))
        }
        // A picture that is a link out of the blob is not followed.
        try good.write(toFile: index, atomically: true, encoding: .utf8)
        try FileManager.default.removeItem(atPath: blob + "/p0.png")
        try FileManager.default.createSymbolicLink(
            atPath: blob + "/p0.png", withDestinationPath: folder + "/secret.png")
        let linked = InProcess.run(["merge-reports", blob, "--json", folder + "/f.json"])
        #expect(linked.status == 2)
        #expect(linked.standardError.contains(blob + "/p0.png"), "\(linked.standardError)")
        // The same blob twice, and a missing one.
        try FileManager.default.removeItem(atPath: blob + "/p0.png")
        let missing = InProcess.run(["merge-reports", folder + "/nothing"])
        #expect(missing.status == 2)
        #expect(missing.standardError.contains(folder + "/nothing/blob.json"), "\(missing.standardError)")
    }

    /// Every output asked for, in `folder`, and whether any of them is there.
    func outputs(_ folder: String) -> (arguments: [String], written: () -> [String]) {
        let paths = ["--report": folder + "/r", "--json": folder + "/f.json", "--junit": folder + "/j.xml"]
        return (
            paths.sorted { $0.key < $1.key }.flatMap { [$0.key, $0.value] },
            { paths.values.filter { FileManager.default.fileExists(atPath: $0) }.sorted() }
        )
    }

    /// A picture that does not decode whole (cut to 15 bytes, cut in its pixel data, a size past
    /// the decoder's pixel limit) is refused before anything is written: one line naming the
    /// blob's file, exit 2, no report, no JSON, no JUnit.
    @Test func aDamagedPictureIsRefusedBeforeAnythingIsWritten() throws {
        let (folder, specs, baselines) = try suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let blob = folder + "/blob"
        let shard = InProcess.run(["check"] + specs + ["--baselines", baselines, "--blob", blob])
        #expect(shard.status == 1, "\(shard.standardError)")
        let (arguments, written) = outputs(folder)
        let merged = InProcess.run(["merge-reports", blob] + arguments)
        #expect(merged.status == 1, "\(merged.standardError)")
        #expect(written().count == 3)
        for file in written() { try FileManager.default.removeItem(atPath: file) }
        let picture = blob + "/p0.png"
        let good = try [UInt8](Data(contentsOf: URL(fileURLWithPath: picture)))
        #expect(good.count > 100)
        let huge =
            PNGFormat.signature
            + PNGFormat.chunk("IHDR", PNGFormat.Header(width: 20_000, height: 20_000, bitDepth: 8, colorType: 6).data)
            + PNGFormat.chunk("IDAT", [0x78, 0x9C, 0x03, 0x00, 0x00, 0x00, 0x00, 0x01]) + PNGFormat.endChunk
        let damaged: [(bytes: [UInt8], what: String)] = [
            (Array(good.prefix(15)), "cut to 15 bytes"),
            (Array(good.prefix(good.count - 40)) + Array(good.suffix(12)), "cut in its pixel data, IEND kept"),
            (huge, "20,000 × 20,000 pixels"),
        ]
        for (bytes, what) in damaged {
            try Data(bytes).write(to: URL(fileURLWithPath: picture))
            let result = InProcess.run(["merge-reports", blob] + arguments)
            #expect(result.status == 2, "\(what): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(what): \(result.standardError)")
            #expect(
                result.standardError.hasPrefix("error: \(picture): is not a readable PNG"),
                "\(what): \(result.standardError)")
            #expect(written().isEmpty, "\(what)")
        }
    }

    /// A blob folder that is a symbolic link, or that holds one, is refused, one line naming the
    /// link, before anything is written: no writer makes a link, and one could lead anywhere.
    @Test func aLinkedBlobFolderOrEntryIsRefused() throws {
        let (folder, specs, baselines) = try suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let blob = folder + "/blob"
        let shard = InProcess.run(["check"] + specs + ["--baselines", baselines, "--blob", blob])
        #expect(shard.status == 1, "\(shard.standardError)")
        let (arguments, written) = outputs(folder)
        let linked = folder + "/linked"
        try FileManager.default.createSymbolicLink(atPath: linked, withDestinationPath: blob)
        for given in [linked, linked + "/", linked + "/."] {
            let result = InProcess.run(["merge-reports", given] + arguments)
            #expect(result.status == 2, "\(given): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            #expect(
                result.standardError.hasPrefix("error: \(given): is a symbolic link; a blob folder is not read"),
                "\(result.standardError)")
            #expect(written().isEmpty, "\(given)")
        }
        // An entry that is a link, whether the index names it or not.
        try "secret".write(toFile: folder + "/secret", atomically: true, encoding: .utf8)
        let index = blob + "/blob.json"
        try FileManager.default.moveItem(atPath: index, toPath: folder + "/blob.json")
        let entries: [(name: String, target: String)] = [
            ("blob.json", folder + "/blob.json"), ("p0.png", folder + "/secret"), ("unnamed", folder + "/secret"),
        ]
        for (name, target) in entries {
            let entry = blob + "/" + name
            if name == "p0.png" {
                try FileManager.default.copyItem(atPath: folder + "/blob.json", toPath: index)
                try FileManager.default.removeItem(atPath: entry)
            }
            try FileManager.default.createSymbolicLink(atPath: entry, withDestinationPath: target)
            let result = InProcess.run(["merge-reports", blob] + arguments)
            #expect(result.status == 2, "\(name): \(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            #expect(
                result.standardError.hasPrefix("error: \(entry): is a symbolic link; not read"),
                "\(result.standardError)")
            #expect(written().isEmpty, "\(name)")
            try FileManager.default.removeItem(atPath: entry)
        }
    }

    /// A check draws each tile once: a blob that repeats a tile's suffix (60,000 times made a
    /// 118 MB page in a minute) is refused, one line naming the blob.
    @Test func aTileRepeatedInOneCheckIsRefused() throws {
        let (folder, specs, baselines) = try suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let blob = folder + "/blob"
        let shard = InProcess.run(["check"] + specs + ["--baselines", baselines, "--blob", blob])
        #expect(shard.status == 1, "\(shard.standardError)")
        let index = blob + "/blob.json"
        var root = try #require(
            try JSONSerialization.jsonObject(with: Data(contentsOf: URL(fileURLWithPath: index))) as? [String: Any])
        var checked = try #require(root["checked"] as? [[String: Any]])
        var checks = try #require(checked[0]["checks"] as? [[String: Any]])
        var tiles = try #require(checks[0]["tiles"] as? [[String: Any]])
        let tile = try #require(tiles.first)
        tiles += Array(repeating: tile, count: 3)
        checks[0]["tiles"] = tiles
        checked[0]["checks"] = checks
        root["checked"] = checked
        try JSONSerialization.data(withJSONObject: root).write(to: URL(fileURLWithPath: index))
        let result = InProcess.run(["merge-reports", blob, "--json", folder + "/f.json"])
        #expect(result.status == 2, "\(result.standardError)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(result.standardError.hasPrefix("error: \(index): a check of "), "\(result.standardError)")
        #expect(result.standardError.contains("has the tile \"\(tile["suffix"] as? String ?? "?")\" twice"))
        #expect(!FileManager.default.fileExists(atPath: folder + "/f.json"))
    }

    /// Every output is checked before any is written: a `--junit` that is a link, or a `--json`
    /// in a folder that is not there, leaves no report and no JSON behind.
    @Test func aRefusedOutputLeavesTheOthersUnwritten() throws {
        let (folder, specs, baselines) = try suite()
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let blob = folder + "/blob"
        let shard = InProcess.run(["check"] + specs + ["--baselines", baselines, "--blob", blob])
        #expect(shard.status == 1, "\(shard.standardError)")
        try "mine".write(toFile: folder + "/target.xml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/j.xml", withDestinationPath: folder + "/target.xml")
        try FileManager.default.createDirectory(atPath: folder + "/folder.json", withIntermediateDirectories: true)
        try "a file".write(toFile: folder + "/report-file", atomically: true, encoding: .utf8)
        let cases: [(option: String, path: String, message: String)] = [
            ("--junit", folder + "/j.xml", "\(folder)/j.xml: is a symbolic link; not replaced"),
            ("--junit", folder + "/none/j.xml", "\(folder)/none/j.xml: cannot be written (its folder"),
            ("--json", folder + "/folder.json", "\(folder)/folder.json: is a directory; not replaced"),
            ("--report", folder + "/report-file", "\(folder)/report-file: is not a folder"),
        ]
        for (number, (option, path, message)) in cases.enumerated() {
            var outputs = [
                "--report": folder + "/r\(number)", "--json": folder + "/f\(number).json",
                "--junit": folder + "/j\(number).xml",
            ]
            outputs[option] = path
            let arguments = ["--report", "--json", "--junit"].flatMap { [$0, outputs[$0]!] }
            let result = InProcess.run(["merge-reports", blob] + arguments)
            #expect(result.status == 2, "\(option): \(result.standardError)")
            #expect(result.standardError.hasPrefix("error: " + message), "\(result.standardError)")
            #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
            for (other, written) in outputs where other != option {
                #expect(!FileManager.default.fileExists(atPath: written), "\(option) refused, \(other) written")
            }
        }
        #expect(try String(contentsOfFile: folder + "/target.xml", encoding: .utf8) == "mine")
    }
}
