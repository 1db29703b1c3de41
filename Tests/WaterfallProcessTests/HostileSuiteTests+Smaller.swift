import Foundation
import Testing
import WaterfallTestSupport

extension HostileSuiteTests {
    /// The smaller ones: `merge-reports` of a damaged or linked blob, a spec with a byte-order
    /// mark, and `serve .` asked for the repository's `.git/config`.
    @Suite struct Smaller {
        /// A branch whose `specs/two.yaml` has baselines in `repo/bl`, then a taller first card,
        /// and a blob of its check in `repo/blob`.
        static func branchWithBlob() throws -> HostileBranch {
            let branch = try Writes.branch()
            try branch.spec("two", Templates.twoCards.replacingOccurrences(of: "height: 150", with: "height: 160"))
            let shard = try CommandRunner.run(
                ["check", "specs/two.yaml", "--baselines", "bl", "--blob", "blob"], currentDirectory: branch.repo)
            #expect(shard.status == 1, "\(shard.output)")
            try FileManager.default.createDirectory(atPath: branch.repo + "/merged", withIntermediateDirectories: true)
            return branch
        }

        static let outputs = ["--report", "merged/report", "--json", "merged/f.json", "--junit", "merged/j.xml"]

        /// Each picture of the blob cut to 15 bytes, in turn.
        @Test func aDamagedPictureInABlobIsRefusedBeforeAnythingIsWritten() throws {
            let branch = try Self.branchWithBlob()
            let merged = branch.repo + "/merged"
            let pictures = HostileBranch.regularFiles(in: branch.repo + "/blob").filter { $0.hasSuffix(".png") }
            #expect(!pictures.isEmpty)
            for picture in pictures {
                let path = branch.repo + "/blob/" + picture
                let good = try Data(contentsOf: URL(fileURLWithPath: path))
                try good.prefix(15).write(to: URL(fileURLWithPath: path))
                let result = try CommandRunner.run(
                    ["merge-reports", "blob"] + Self.outputs, currentDirectory: branch.repo)
                HostileSuiteTests.expectRefused(
                    result, naming: "blob/\(picture)", writingNothingIn: [merged], "\(picture) cut to 15 bytes")
                try good.write(to: URL(fileURLWithPath: path))
            }
            let whole = try CommandRunner.run(["merge-reports", "blob"] + Self.outputs, currentDirectory: branch.repo)
            #expect(whole.status == 1, "\(whole.output)")
        }

        /// A committed blob folder that is a link (out, or to the real blob), and one reached
        /// through a folder link.
        @Test(arguments: ["blob-out", "blob-in", "links/outdir/blob"])
        func aBlobFolderThatIsALinkIsRefused(_ given: String) throws {
            let branch = try Self.branchWithBlob()
            for file in HostileBranch.regularFiles(in: branch.repo + "/blob") {
                try FileManager.default.copyItem(
                    atPath: branch.repo + "/blob/" + file, toPath: branch.outside + "/blob/" + file)
            }
            try "\(HostileBranch.marker)\n".write(
                toFile: branch.outside + "/blob/blob.json.note", atomically: true, encoding: .utf8)
            try branch.link("blob-out", to: "../outside/blob")
            try branch.link("blob-in", to: "blob")
            let merged = branch.repo + "/merged"
            let result = try CommandRunner.run(["merge-reports", given] + Self.outputs, currentDirectory: branch.repo)
            let named = given.hasPrefix("links/") ? "links/outdir" : given
            HostileSuiteTests.expectRefused(result, naming: named, writingNothingIn: [merged], given)
        }

        /// A blob entry that is a link to the outside secret.
        @Test(arguments: ["p0.png", "blob.json"])
        func aBlobEntryThatIsALinkOutIsRefused(_ entry: String) throws {
            let branch = try Self.branchWithBlob()
            let path = branch.repo + "/blob/" + entry
            #expect(
                FileManager.default.fileExists(atPath: path), "\(HostileBranch.regularFiles(in: branch.repo + "/blob"))"
            )
            try FileManager.default.removeItem(atPath: path)
            let target = entry.hasSuffix(".png") ? "../../outside/secret.png" : "../../outside/secret.csv"
            try branch.link("blob/" + entry, to: target)
            let merged = branch.repo + "/merged"
            let result = try CommandRunner.run(["merge-reports", "blob"] + Self.outputs, currentDirectory: branch.repo)
            HostileSuiteTests.expectRefused(result, naming: "blob/\(entry)", writingNothingIn: [merged], entry)
        }

        /// A spec with a UTF-8 byte-order mark is read, as YAML and as JSON, by every command.
        @Test(arguments: ["yaml", "json"])
        func aSpecWithAByteOrderMarkIsRead(_ ext: String) throws {
            let branch = try HostileSuiteTests.branch()
            let text =
                ext == "yaml"
                ? "width: 100\nscale: 1\nsections:\n  - items: [{height: 40, title: BOM}]\n"
                : "{\"width\": 100, \"scale\": 1, \"sections\": [{\"items\": [{\"height\": 40, \"title\": \"BOM\"}]}]}\n"
            let path = branch.specs + "/bom.\(ext)"
            try Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)).write(to: URL(fileURLWithPath: path))
            for arguments in [
                ["layout", "specs/bom.\(ext)"], ["render", "specs/bom.\(ext)", "--format", "svg", "--output", "out"],
                ["check", "specs/bom.\(ext)", "--baselines", "bl", "--record"],
            ] {
                let result = try CommandRunner.run(arguments, currentDirectory: branch.repo)
                #expect(result.status == 0, "\(arguments[0]) \(ext): \(result.output)")
                #expect(!result.standardError.contains("error"), "\(arguments[0]) \(ext): \(result.standardError)")
            }
            let layout = try CommandRunner.run(
                ["layout", "-"], input: .bytes([0xEF, 0xBB, 0xBF] + Array(text.utf8)), currentDirectory: branch.repo)
            #expect(layout.standardOutput.contains("\"height\":40"), "\(layout.output)")
            #expect(HostileBranch.regularFiles(in: branch.repo + "/out") == ["bom.svg"])
        }

        /// `serve .` at a repository's root: `.git` (where CI checkouts keep their token) and
        /// other dot folders are never served, however the path is spelt.
        @Test func serveNeverServesGitConfig() throws {
            let branch = try HostileSuiteTests.branch()
            try branch.write(Templates.twoCards, at: "two.yaml")
            try branch.write("token: \(HostileBranch.marker)\n", at: ".github/secrets.yml")
            let server = try Server(["."], in: branch.repo)
            let index = try server.get("/")
            #expect(index.status == 200, "\(index.text)")
            let mount = try #require(
                index.text.range(of: "/files/[a-z0-9]+/two.yaml", options: .regularExpression).map {
                    String(index.text[$0].dropLast("/two.yaml".count))
                })
            #expect(try server.get("\(mount)/data/ok.csv").status == 200)
            for path in [
                "\(mount)/.git/config", "\(mount)/%2egit/config", "\(mount)/%2Egit/config", "\(mount)/.git/",
                "\(mount)/.git", "\(mount)/.git%2fconfig", "\(mount)/data/../.git/config", "\(mount)/./.git/config",
                "\(mount)/.github/secrets.yml", "/.git/config", "/files/.git/config",
            ] {
                let response = try server.get(path)
                #expect(response.status == 404 || response.status == 400, "\(path): \(response.status)")
                #expect(!response.text.contains(HostileBranch.marker), "\(path)")
            }
            #expect(!index.text.contains(".git/config"))
            #expect(!server.streams.contains(HostileBranch.marker))
        }
    }
}
