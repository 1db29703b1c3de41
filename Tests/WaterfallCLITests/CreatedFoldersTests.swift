import Foundation
import Testing
import WaterfallTestSupport

@testable import WaterfallCLI

/// The folders a command makes, named by one character or many, relative or absolute.
@Suite struct CreatedFoldersTests {
    @Test(arguments: [
        ("q", ""), ("/q", "/"), ("a/b", "a"), ("a/b/", "a"), ("/a/b//", "/a"), ("/", "/"), ("./q", "."),
        ("Output/q/r", "Output/q"), ("é", ""),
    ])
    func theParentOfAPathIsItsFolder(_ path: String, _ parent: String) {
        #expect(CreatedFolders.parent(of: path) == parent)
    }

    /// Foundation's `deletingLastPathComponent` trapped on a one-character path: `-o q` crashed.
    @Test(.onWaitingThreads, .tags(.process)) func aOneCharacterOutputFolderIsMadeNotACrash() throws {
        let folder = ExternalRenderers.temporaryPath("folder")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        try "width: 100\nsections: [{items: [{height: 10}]}]\n".write(
            toFile: folder + "/a", atomically: true, encoding: .utf8)
        for output in ["q", "r/s/t"] {
            let result = try CommandRunner.run(
                ["render", "a", "-o", output, "--format", "svg"], currentDirectory: folder)
            #expect(result.status == 0 && !result.wasSignalled, "\(output): \(result.standardError)")
            #expect(FileManager.default.fileExists(atPath: "\(folder)/\(output)/a.svg"))
        }
    }
}
