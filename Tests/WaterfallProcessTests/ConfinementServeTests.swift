import Foundation
import Testing
import WaterfallTestSupport

/// `waterfall serve` draws every spec under the read rule of its served folders: a spec that names
/// a file outside them through `..`, a link or an absolute path gets a 4xx naming the rule, and
/// `--allow-read` widens them by name (the other commands' side is `ConfinementCommandTests`).
@Suite(.onWaitingThreads, .tags(.process)) struct ConfinementServeTests {
    @Test func serveDrawsEverySpecUnderTheRuleOfItsServedFolders() throws {
        let marker = HostileBranch.marker
        let prepare: (String) throws -> Void = { folder in
            try "name\n\(marker)\n".write(toFile: folder + "/outside.csv", atomically: true, encoding: .utf8)
            try FileManager.default.createSymbolicLink(
                atPath: folder + "/specs/link.csv", withDestinationPath: folder + "/outside.csv")
            for (name, file) in [
                ("dotdot", "../outside.csv"), ("linked", "link.csv"), ("absolute", folder + "/outside.csv"),
            ] {
                try "width: 200\nscale: 1\nsections:\n  - itemsFrom: {file: \"\(file)\", fields: {title: name}}\n"
                    .write(toFile: folder + "/specs/\(name).yaml", atomically: true, encoding: .utf8)
            }
        }
        let server = try ServeTests.Server(prepare: prepare)
        for name in ["dotdot", "linked", "absolute"] {
            for path in ["/render/\(name)", "/png/\(name)", "/spec/\(name)"] {
                let response = try server.send("GET", path)
                #expect(!response.body.contains(marker), "\(path)")
                if !path.hasPrefix("/spec/") {
                    #expect((400..<500).contains(response.status), "\(path): \(response.status)")
                    #expect(response.body.contains("is outside the spec"), "\(path): \(response.body)")
                }
            }
        }
        #expect(try server.send("GET", "/files/specs1/link.csv").status == 404)
        #expect(!server.standardError.contains(marker))
        // The served folders widened by name.
        let widened = try ServeTests.Server(arguments: ["--allow-read", "."], prepare: prepare)
        let response = try widened.send("GET", "/render/dotdot")
        #expect(response.status == 200, "\(response.body)")
        #expect(response.body.contains("SECRET"))
    }
}
