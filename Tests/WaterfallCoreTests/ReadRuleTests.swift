import Foundation
import Testing
import WaterfallCore
import WaterfallTestSupport

/// `ReadRule`, the one way a spec's files are opened: its root, and every way out of it refused by
/// the open itself (`Beneath`); the specs that name such files are tested in `WaterfallSpecTests`.
@Suite struct ReadRuleTests {
    static let png = PNGFixture.encodeStored(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))

    @Test func theKernelSettlesEveryWayOutInTheOpenItself() throws {
        let branch = try HostileBranch(png: Self.png)
        let rule = ReadRule.forSpec(inFolder: branch.specs)
        #expect(rule.folders == [ReadRule.realPath(branch.repo)])
        let ways = [
            "../links/chain.csv", "../links/dangling.csv", "../links/outdir/x/../secret.csv",
            "../nothing/../../outside",
            "../nothing/../links/out.csv", "../data/ok.csv/x/../../../links/out.csv",
            String(repeating: "n", count: 300) + "/../../links/out.csv", "/etc/passwd", branch.outside + "/secret.csv",
        ]
        for way in ways {
            switch rule.open(way, relativeTo: branch.specs) {
            case .success(let file):
                try? file.descriptor.close()
                Issue.record("\(way) was opened")
            case .failure(.outside), .failure(.file(.system(.noSuchFileOrDirectory))),
                .failure(.file(.system(.notDirectory))), .failure(.file(.system(.fileNameTooLong))):
                break
            case .failure(let failure): Issue.record("\(way): \(failure)")
            }
        }
        // Inside: through `..` that stays inside, a link that stays inside, an absolute path.
        for way in ["../data/ok.csv", "../links/in.csv", branch.repo + "/data/ok.csv", "../specs/../data/ok.csv"] {
            let read = rule.read(way, relativeTo: branch.specs, limit: 1 << 20)
            #expect(
                (try? read.get()).map { String(decoding: $0, as: UTF8.self) } == "name,image\nInside card,ok.png\n",
                "\(way)")
        }
        // A loop of links is refused as the kernel refuses it.
        try FileManager.default.createSymbolicLink(atPath: branch.repo + "/loop", withDestinationPath: "loop")
        #expect(
            (try? rule.open("../loop", relativeTo: branch.specs).get()) == nil)
        // A folder whose name starts like the root's is not inside it.
        #expect(ReadRule.path(branch.repo + "-other/x", below: branch.repo) == nil)
    }
}
