import Foundation
import Testing
import WaterfallCore
import WaterfallSpec
import WaterfallTestSupport

/// Every file a spec names is read only inside its root (the nearest folder above it holding
/// `.git`) or a folder named by `allowing` (`--allow-read`): each way out, for each kind of file.
struct ReadConfinementTests {
    static let png = PNGFixture.encodeStored(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))

    /// The specs naming `path` as each kind of file, with the key path the refusal must name.
    static func specs(naming path: String) -> [(kind: String, text: String, location: String)] {
        [
            (
                "itemsFrom.file",
                "width: 300\nsections:\n  - itemsFrom: {file: \"\(path).csv\", fields: {title: name}}\n",
                "sections[0].itemsFrom.file"
            ),
            (
                "image", "width: 300\nsections:\n  - items:\n      - {height: 40}\n      - {image: \"\(path).png\"}\n",
                "sections[0].items[1].image"
            ),
            (
                "generate.images",
                "width: 300\nsections:\n  - generate: {count: 3, images: [\"\(path).png\"]}\n",
                "sections[0].generate.images[0]"
            ),
            ("fonts", "width: 300\nfonts: [\"\(path).otf\"]\nsections:\n  - items: [{height: 40}]\n", "fonts[0]"),
        ]
    }

    /// `path` without its extension, as `specs(naming:)` adds one per kind.
    static func stem(_ path: String) -> String { String(path.dropLast(4)) }

    @Test func everyWayOutIsRefusedForEveryKindOfFileNamingTheKeyAndThePathAsWritten() throws {
        let branch = try HostileBranch(png: Self.png)
        for wayOut in branch.waysOut("csv").map(Self.stem) {
            for (kind, text, location) in Self.specs(naming: wayOut) {
                let path = try branch.spec("out", text)
                #expect(throws: SpecError.self, "\(kind) \(wayOut)") { try Spec.load(path: path) }
                do {
                    _ = try Spec.load(path: path)
                } catch {
                    let message = "\(error)"
                    #expect(message.contains(location), "\(kind) \(wayOut): \(message)")
                    #expect(message.contains("outside the spec's root"), "\(kind) \(wayOut): \(message)")
                    #expect(message.contains("--allow-read"), "\(message)")
                    #expect(!message.contains("\n"), "\(message)")
                    #expect(!message.contains(HostileBranch.marker), "\(message)")
                    #expect(!message.contains("no such file"), "\(kind) \(wayOut): says whether it exists: \(message)")
                }
            }
        }
    }

    @Test func etcShadowIsRefusedWithoutBeingRead() throws {
        let branch = try HostileBranch(png: Self.png)
        let path = try branch.spec(
            "shadow", "width: 300\nsections:\n  - itemsFrom: {file: /etc/shadow, fields: {title: root}}\n")
        do {
            _ = try Spec.load(path: path)
            Issue.record("a spec read /etc/shadow")
        } catch {
            #expect("\(error)".contains("sections[0].itemsFrom.file: /etc/shadow is outside the spec's root"))
            #expect(!"\(error)".contains("did you mean"))
        }
    }

    @Test func anImageInADataFileIsHeldToTheSameRuleRelativeToTheDataFile() throws {
        let branch = try HostileBranch(png: Self.png)
        try "name,image\nA card,../../outside/secret.png\n".write(
            toFile: branch.repo + "/data/leak.csv", atomically: true, encoding: .utf8)
        let path = try branch.spec(
            "leak",
            "width: 300\nsections:\n  - itemsFrom: {file: ../data/leak.csv, fields: {title: name, image: image}}\n")
        do {
            _ = try Spec.load(path: path)
            Issue.record("a data file's image out of the root was taken")
        } catch {
            let message = "\(error)"
            #expect(message.contains("leak.csv"), "\(message)")
            #expect(message.contains("../../outside/secret.png is outside the spec's root"), "\(message)")
        }
    }

    @Test func pathsInsideTheRootStillWorkAbsoluteThroughDotDotAndThroughLinksThatStayInside() throws {
        let branch = try HostileBranch(png: Self.png)
        for wayIn in branch.waysIn("csv").map(Self.stem) {
            for (kind, text, _) in Self.specs(naming: wayIn) where kind != "fonts" {
                let path = try branch.spec("in", text)
                let spec = try Spec.load(path: path)
                if kind == "itemsFrom.file" {
                    #expect(spec.sections[0].items.first?.title == "Inside card", "\(wayIn)")
                }
            }
        }
        // A font inside through a link is taken, read where it is written (by the pipeline).
        let font = try branch.spec(
            "font", "width: 300\nfonts: [../links/in.csv]\nsections:\n  - items: [{height: 40}]\n")
        #expect(try Spec.load(path: font).fonts.first?.file == branch.specs + "/../links/in.csv")
    }

    @Test func allowingAFolderWidensTheRootByNameOnly() throws {
        let branch = try HostileBranch(png: Self.png)
        let path = try branch.spec(
            "allowed", "width: 300\nsections:\n  - itemsFrom: {file: ../../outside/secret.csv, fields: {title: name}}\n"
        )
        let spec = try Spec.load(path: path, allowing: [branch.outside])
        #expect(spec.sections[0].items.first?.title == HostileBranch.marker)
        // Another folder does not widen it.
        #expect(throws: SpecError.self) { try Spec.load(path: path, allowing: [branch.repo + "/data"]) }
        // A link is followed only while it stays beneath the folder it starts in: a link inside
        // the root into the allowed folder is still a link out of the root.
        let linked = try branch.spec(
            "linked", "width: 300\nsections:\n  - itemsFrom: {file: ../links/out.csv, fields: {title: name}}\n")
        #expect(throws: SpecError.self) { try Spec.load(path: linked, allowing: [branch.outside]) }
    }

    @Test func aSpecWithoutARepositoryIsRootedInItsOwnFolder() throws {
        let folder = try TemporaryFolder()
        try FileManager.default.createDirectory(atPath: folder.path + "/a/b", withIntermediateDirectories: true)
        try "name\nx\n".write(toFile: folder.path + "/a/data.csv", atomically: true, encoding: .utf8)
        try "name\nx\n".write(toFile: folder.path + "/a/b/data.csv", atomically: true, encoding: .utf8)
        let up = folder.path + "/a/b/up.yaml"
        try "width: 300\nsections:\n  - itemsFrom: {file: ../data.csv, fields: {title: name}}\n".write(
            toFile: up, atomically: true, encoding: .utf8)
        #expect(throws: SpecError.self) { try Spec.load(path: up) }
        let here = folder.path + "/a/b/here.yaml"
        try "width: 300\nsections:\n  - itemsFrom: {file: data.csv, fields: {title: name}}\n".write(
            toFile: here, atomically: true, encoding: .utf8)
        #expect(try Spec.load(path: here).sections[0].items.count == 1)
        #expect(ReadRule.root(ofFolder: folder.path + "/a/b") == ReadRule.realPath(folder.path + "/a/b"))
    }

    @Test func aSpecFileThatIsALinkOutOfItsRootIsRefused() throws {
        let branch = try HostileBranch(png: Self.png)
        try "width: 300\nsections: [{items: [{height: 10}]}]\n# \(HostileBranch.marker)\n".write(
            toFile: branch.outside + "/spec.yaml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(
            atPath: branch.specs + "/linked.yaml", withDestinationPath: branch.outside + "/spec.yaml")
        #expect(throws: SpecError.self) { try Spec.load(path: branch.specs + "/linked.yaml") }
    }
}
