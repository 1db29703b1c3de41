import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallPipeline
import WaterfallRender
import WaterfallReview
import WaterfallTestSupport

/// The renderer fingerprint and its file beside the baselines.
@Suite struct RendererFingerprintTests {
    static let sample = RendererFingerprint(
        cairo: "1.16.0", pango: "1.50.12", harfBuzz: "6.0.0", freeType: "2.12.1", fontconfig: "2.14.1",
        fonts: [
            .init(file: "truetype/dejavu/DejaVuSans.ttf", sha256: String(repeating: "ab", count: 32)),
            .init(file: "opentype/noto/NotoSansCJK-Regular.ttc", sha256: String(repeating: "cd", count: 32)),
        ])

    @Test(.onWaitingThreads, .tags(.externalProgram))
    func thisMachinesFingerprintNamesTheLibrariesAndHashesEveryPinnedFile() throws {
        let fingerprint = try RendererFingerprint.current()
        for (name, version) in fingerprint.libraries {
            #expect(version.wholeMatch(of: /[0-9]+\.[0-9]+\.[0-9]+/) != nil, "\(name) \(version)")
        }
        #expect(fingerprint.fonts.map(\.file) == FontSet.builtInFiles)
        // The same digest as coreutils' sha256sum.
        let path = FontSet.pinned.path(of: "truetype/dejavu/DejaVuSans.ttf")
        let output = try CommandRunner.run([path], executable: "/usr/bin/sha256sum").standardOutput
        let expected = String(output.prefix(64))
        #expect(fingerprint.fonts.first { $0.file == "truetype/dejavu/DejaVuSans.ttf" }?.sha256 == expected)
    }

    /// The digest of bytes (the image cache's file names) is FIPS 180-4's: its test vectors.
    @Test func bytesHashToTheStandardsTestVectors() {
        #expect(FileDigest.sha256(of: []) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            FileDigest.sha256(of: Array("abc".utf8))
                == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        let long = Array("abcdbcdecdefdefgefghfghighijhijkijkljklmklmnlmnomnopnopq".utf8)
        #expect(FileDigest.sha256(of: long) == "248d6a61d20638b8e5c026930c3e6039a33ce45964ff2167f6ecedd419db06c1")
    }

    /// A kept digest is the one of the file's bytes: a font file's, asked twice.
    @Test func aKeptFileDigestIsTheBytesDigest() throws {
        let font = "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf"
        let bytes = try #require(FileManager.default.contents(atPath: font))
        for _ in 0..<3 {
            #expect(try FileDigest.sha256(ofFileAt: font) == FileDigest.sha256(of: Array(bytes)))
        }
    }

    /// A file written again, to the same size, in place (within the clock's tick) or replaced by
    /// another, is read again.
    @Test func aFileWrittenAgainIsReadAgain() throws {
        let folder = try TemporaryFolder()
        let path = folder.path("font.bin")
        for (round, text) in ["first", "other", "third"].enumerated() {
            if round == 2 {
                try text.write(toFile: path, atomically: true, encoding: .utf8)  // another inode
            } else {
                if round == 0 { #expect(FileManager.default.createFile(atPath: path, contents: nil)) }
                let handle = try #require(FileHandle(forWritingAtPath: path))
                try handle.truncate(atOffset: 0)
                try handle.write(contentsOf: Array(text.utf8))
                try handle.close()
            }
            for _ in 0..<2 {
                #expect(try FileDigest.sha256(ofFileAt: path) == FileDigest.sha256(of: Array(text.utf8)), "\(text)")
            }
        }
    }

    @Test func theFileRoundTripsAndIsTheSameBytesEveryTime() throws {
        let fingerprint = try RendererFingerprint.current()
        #expect(try RendererFingerprint(json: fingerprint.json) == fingerprint)
        #expect(try RendererFingerprint.current().json == fingerprint.json)
        #expect(try RendererFingerprint(json: Self.sample.json) == Self.sample)
        // Fonts sorted by file, one a line, keys in a fixed order.
        let text = String(decoding: Self.sample.json, as: UTF8.self)
        #expect(
            text.components(separatedBy: "\n").prefix(9).joined(separator: "\n") == """
                {
                  "about": "what shaped these baselines; waterfall check --record writes it",
                  "cairo": "1.16.0",
                  "pango": "1.50.12",
                  "harfbuzz": "6.0.0",
                  "freetype": "2.12.1",
                  "fontconfig": "2.14.1",
                  "fonts": [
                    {"file": "opentype/noto/NotoSansCJK-Regular.ttc", "sha256": "\(String(repeating: "cd", count: 32))"},
                """)
        // Written into a folder, read back; an equal fingerprint leaves the file alone.
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(try RendererFingerprint.recorded(inBaselines: folder) == nil)
        try fingerprint.record(inBaselines: folder)
        #expect(try RendererFingerprint.recorded(inBaselines: folder) == fingerprint)
        #expect(try FileManager.default.contentsOfDirectory(atPath: folder) == [RendererFingerprint.fileName])
    }

    @Test func aDifferentMachineIsOneClauseNamingWhatDiffers() {
        var other = Self.sample
        #expect(Self.sample.differences(fromRecorded: other) == nil)
        other.pango = "1.52.0"
        #expect(
            Self.sample.differences(fromRecorded: other)
                == "the baselines were made with Pango 1.52.0; this machine has Pango 1.50.12")
        other.fonts[1].sha256 = "0123456789abcdef"
        other.fonts.append(.init(file: "x/Extra.ttf", sha256: "ff"))
        other.harfBuzz = "8.3.0\n\u{1B}[2J"
        #expect(
            Self.sample.differences(fromRecorded: other)
                == "the baselines were made with Pango 1.52.0, HarfBuzz 8.3.0\\n\\u{1B}[2J, DejaVuSans.ttf 0123456789ab "
                + "and Extra.ttf ff; this machine has Pango 1.50.12, HarfBuzz 6.0.0, DejaVuSans.ttf abababababab and "
                + "no Extra.ttf"
        )
        other.cairo = "1.18.0"
        other.freeType = "2.13.2"
        #expect(Self.sample.differences(fromRecorded: other)?.contains("and 2 more;") == true)
    }

    @Test func aFileThatIsNotAFingerprintSaysWhy() throws {
        #expect(throws: FingerprintFileError(reason: "not JSON")) { try RendererFingerprint(json: Array("{".utf8)) }
        #expect(throws: FingerprintFileError(reason: "no \"pango\" key")) {
            try RendererFingerprint(json: Array(#"{"cairo": "1", "harfbuzz": "1"}"#.utf8))
        }
        let folder = ExternalRenderers.temporaryPath("dir")
        try FileManager.default.createDirectory(
            atPath: folder + "/" + RendererFingerprint.fileName, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        #expect(throws: FingerprintFileError(reason: "is not a regular file")) {
            try RendererFingerprint.recorded(inBaselines: folder)
        }
    }

    @Test func theSameFontBytesGiveTheSameFingerprintWhereverTheFolderIs() throws {
        let files = ["truetype/dejavu/DejaVuSans-Bold.ttf", "truetype/dejavu/DejaVuSans.ttf"]
        let root = try ExternalRenderers.linkedFolder(files) { FontSet.pinned.path(of: $0) }
        defer { try? FileManager.default.removeItem(atPath: root) }
        let linked = try RendererFingerprint.current(fonts: FontSet(root: root, files: files))
        let pinned = try RendererFingerprint.current()
        #expect(linked.fonts == pinned.fonts.filter { files.contains($0.file) })
        #expect(linked.fonts.count == 2)
        #expect(linked.pango == pinned.pango)
    }
}

extension RendererFingerprintTests {
    static let brand = [
        RendererFingerprint.AppFont(
            spec: "brand", path: "fonts/B-Regular.otf", sha256: String(repeating: "01", count: 32)),
        RendererFingerprint.AppFont(
            spec: "brand", path: "fonts/B-Bold.otf", sha256: String(repeating: "02", count: 32)),
    ]

    @Test func specsFontFilesRoundTripAndLeaveOtherFingerprintsAsTheyWere() throws {
        #expect(!String(decoding: Self.sample.json, as: UTF8.self).contains("appFonts"))
        var withFonts = Self.sample
        withFonts.appFonts = Self.brand
        let decoded = try RendererFingerprint(json: withFonts.json)
        #expect(decoded.appFonts.map(\.path) == ["fonts/B-Bold.otf", "fonts/B-Regular.otf"])
        #expect(decoded.json == withFonts.json)
    }

    @Test func onlyTheFontFilesOfTheSpecsCheckedAreCompared() {
        var recorded = Self.sample
        recorded.appFonts = Self.brand + [.init(spec: "other", path: "x.ttf", sha256: "ff")]
        var now = Self.sample
        now.appFonts = [Self.brand[0], .init(spec: "brand", path: "fonts/B-Bold.otf", sha256: "03")]
        #expect(now.changes(fromRecorded: recorded) == ["brand: fonts/B-Bold.otf 020202020202 → 03"])
        var none = Self.sample
        none.appFonts = []
        #expect(none.changes(fromRecorded: recorded).isEmpty)
        #expect(Self.sample.differences(fromRecorded: recorded) == nil, "a spec's font is not the machine's")
        // Recording keeps the fonts of the specs this run did not check.
        #expect(now.keepingAppFonts(of: recorded).appFonts.map(\.spec) == ["brand", "brand", "other"])
    }
}

extension RendererFingerprintTests {
    /// A spec's own font file is said as the spec's, once however many variants were checked;
    /// the machine's changes are still this machine's.
    @Test func aSpecsFontIsTheSpecsOnceAVariant() {
        let old = String(repeating: "ab", count: 32)
        let new = String(repeating: "cd", count: 32)
        let names = ["feed@375", "feed@375.dark", "feed@430"]
        var recorded = Self.sample
        recorded.appFonts = names.map { .init(spec: $0, path: "fonts/Brand.ttf", sha256: old) }
        var now = Self.sample
        now.appFonts = names.map { .init(spec: $0, path: "fonts/Brand.ttf", sha256: new) }
        let files = Dictionary(uniqueKeysWithValues: names.map { ($0, "feed.yaml") })
        #expect(
            now.appFontDifferences(fromRecorded: recorded, specFiles: files) == [
                "feed.yaml's font fonts/Brand.ttf changed since the baselines were recorded "
                    + "(sha256 abababababab… → cdcdcdcdcdcd…)"
            ])
        #expect(now.differences(fromRecorded: recorded) == nil)
        // Without the spec files, each name is said as it is.
        #expect(now.appFontDifferences(fromRecorded: recorded).count == 3)
        now.appFonts.append(.init(spec: "feed@375", path: "fonts/Brand\nBold.ttf", sha256: new))
        #expect(
            now.appFontDifferences(fromRecorded: recorded, specFiles: files).contains(
                #"feed.yaml's font fonts/Brand\nBold.ttf is new since the baselines were recorded"#))
        now.pango = "9.9"
        #expect(now.differences(fromRecorded: recorded)?.contains("this machine has Pango 9.9") == true)
        #expect(now.appFontDifferences(fromRecorded: recorded, specFiles: files).count == 2)
    }
}
