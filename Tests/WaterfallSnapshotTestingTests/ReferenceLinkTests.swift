import Foundation
import SnapshotTesting
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallSpec
import WaterfallTestSupport

@testable import WaterfallSnapshotTesting

/// References are read only as regular files: a link committed in a branch is refused, never read
/// or written through, and nothing of the file it points to reaches the failure message.
@Suite struct ReferenceLinkTests {
    static let secret = "root:$6$very-secret-hash:19000:0:99999:7:::"

    let spec: Spec
    /// The test's folder, removed when it ends.
    let temporary: TemporaryFolder
    let folder: String
    let outside: String

    init() throws {
        spec = try Spec.decode(
            "width: 200\ndefaults: {columns: 2}\nsections: [{items: [{height: 80, title: A}, {height: 60}]}]\n")
        temporary = try TemporaryFolder(named: "waterfall-links")
        let root = temporary.path
        folder = root + "/__Snapshots__"
        outside = root + "/outside"
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: outside, withIntermediateDirectories: true)
        try Self.secret.write(toFile: outside + "/shadow", atomically: true, encoding: .utf8)
    }

    func expectRefused(_ message: String?, naming path: String) {
        #expect(message?.hasPrefix(path + ": is a symbolic link") == true, "\(message ?? "nil")")
        #expect(message?.contains("very-secret") == false)
        #expect(message?.contains("\n") == false)
    }

    @Test(arguments: ["svg", "json"])
    func aTextReferenceThatIsALinkIsRefusedWithoutQuotingIt(_ format: String) throws {
        let link = folder + "/linked.spec.\(format)"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside + "/shadow")
        let message = verifySpecSnapshot(
            of: spec, as: format == "svg" ? .svg : .layoutJSON, named: "spec", record: .never,
            snapshotDirectory: folder, testName: "linked")
        expectRefused(message, naming: link)
        // Plain swift-snapshot-testing would have read it, which is what the wrapper prevents.
        let plain = verifySnapshot(
            of: spec, as: .svg, named: "spec", record: .never, snapshotDirectory: folder, testName: "linked")
        if format == "svg" { #expect(plain?.contains("very-secret") == true) }
    }

    @Test func aPNGReferenceThatIsALinkIsRefused() throws {
        let link = folder + "/linked.spec.png"
        let picture = outside + "/private.png"
        let pixels = [UInt8](repeating: 90, count: 4 * 4 * 4)
        try Data(try PNGCodec.encode(PixelImage(width: 4, height: 4, pixels: pixels))).write(
            to: URL(fileURLWithPath: picture))
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: picture)
        expectRefused(
            verifySpecSnapshot(
                of: spec, as: .png, named: "spec", record: .never, snapshotDirectory: folder, testName: "linked"),
            naming: link)
    }

    @Test func recordingDoesNotWriteThroughALink() throws {
        let link = folder + "/linked.spec.svg"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside + "/shadow")
        expectRefused(
            verifySpecSnapshot(
                of: spec, as: .svg, named: "spec", record: .all, snapshotDirectory: folder, testName: "linked"),
            naming: link)
        #expect(try String(contentsOfFile: outside + "/shadow", encoding: .utf8) == Self.secret)
    }

    @Test func aCountedReferenceThatIsALinkIsRefused() throws {
        // Unnamed references are numbered by swift-snapshot-testing: every one of the test's is checked.
        let link = folder + "/counted.1.svg"
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: outside + "/shadow")
        expectRefused(
            verifySpecSnapshot(of: spec, as: .svg, record: .never, snapshotDirectory: folder, testName: "counted()"),
            naming: link)
    }

    @Test func aSnapshotsFolderThatIsALinkIsRefused() throws {
        // The default folder, `__Snapshots__/FILE` beside the test file.
        let tests = folder + "/../tests"
        try FileManager.default.createDirectory(atPath: tests, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(atPath: tests + "/__Snapshots__", withDestinationPath: outside)
        let references = SnapshotReferenceFolder(testFile: tests + "/FeedTests.swift", snapshotDirectory: nil)
        #expect(references.folders == [tests + "/__Snapshots__", tests + "/__Snapshots__/FeedTests"])
        #expect(references.firstLink(testName: "feed()", pathExtension: "svg") == tests + "/__Snapshots__")
        // A folder of its own that is a link is refused as well.
        expectRefused(
            verifySpecSnapshot(
                of: spec, as: .svg, named: "spec", record: .all, snapshotDirectory: tests + "/__Snapshots__",
                testName: "feed"),
            naming: tests + "/__Snapshots__")
        #expect(try FileManager.default.contentsOfDirectory(atPath: outside).sorted() == ["shadow"])
    }

    @Test func aRegularReferenceIsComparedAsBefore() throws {
        #expect(
            verifySpecSnapshot(
                of: spec, as: .svg, named: "spec", record: .all, snapshotDirectory: folder, testName: "regular")
                != nil)
        #expect(
            verifySpecSnapshot(
                of: spec, as: .svg, named: "spec", record: .never, snapshotDirectory: folder, testName: "regular")
                == nil)
        var changed = spec
        changed.sections[0].items[0].title = "B"
        #expect(
            verifySpecSnapshot(
                of: changed, as: .svg, named: "spec", record: .never, snapshotDirectory: folder, testName: "regular")
                != nil)
        // A link belonging to another test does not stop this one.
        try FileManager.default.createSymbolicLink(
            atPath: folder + "/other.spec.svg", withDestinationPath: outside + "/shadow")
        #expect(
            verifySpecSnapshot(
                of: spec, as: .svg, named: "spec", record: .never, snapshotDirectory: folder, testName: "regular")
                == nil)
    }
}
