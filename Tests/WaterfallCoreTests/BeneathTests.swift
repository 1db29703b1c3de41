import Foundation
import SystemPackage
import Testing
import WaterfallCore
import WaterfallTestSupport

#if canImport(Glibc)
import Glibc
#endif

/// `openat2(RESOLVE_BENEATH)` and the walk that stands in for it where it is missing give the
/// same answer for every path of a hostile tree: the same file opened, or the same refusal.
@Suite(.tags(.slow)) struct BeneathTests {
    /// What an open came to: the file's inode, or the error.
    enum Outcome: Equatable, CustomStringConvertible {
        case opened(UInt64)
        case failed(Errno)

        var description: String {
            switch self {
            case .opened(let inode): "opened inode \(inode)"
            case .failed(let error): "failed: \(error)"
            }
        }
    }

    static func outcome(_ result: Result<FileDescriptor, Errno>) -> Outcome {
        switch result {
        case .success(let descriptor):
            defer { try? descriptor.close() }
            return .opened(UInt64((try? descriptor.stat().inode.rawValue) ?? 0))
        case .failure(let error): return .failed(error)
        }
    }

    /// Every path a spec in `repo/specs` could try, from the repository's root.
    static let paths = [
        "data/ok.csv", "links/in.csv", "links/out.csv", "links/chain.csv", "links/outdir/secret.csv",
        "links/dangling.csv", "nope/../data/ok.csv", "data/ok.csv/x/../../data/ok.csv", "specs/../data/ok.csv",
        "../outside/secret.csv", "data/../../outside/secret.csv", "/etc/passwd", ".", "", "data/", "data//ok.csv",
        "links/loop", "links/hop0", "links/deep0", "links/up", "links/upin/data/ok.csv",
        String(repeating: "n", count: 300) + "/../data/ok.csv", "links/inner/ok.csv", "links/innerout/secret.csv",
    ]

    @Test func theWalkGivesOpenat2sAnswers() throws {
        let branch = try HostileBranch(png: [0x89, 0x50, 0x4E, 0x47])
        let manager = FileManager.default
        let links = branch.repo + "/links"
        try manager.createSymbolicLink(atPath: links + "/loop", withDestinationPath: "loop")
        // A chain of 41 relative links inside the root, the last one out; and one of 39, in.
        for index in 0..<41 {
            try manager.createSymbolicLink(
                atPath: links + "/hop\(index)", withDestinationPath: index == 40 ? "out.csv" : "hop\(index + 1)")
        }
        for index in 0..<39 {
            try manager.createSymbolicLink(
                atPath: links + "/deep\(index)", withDestinationPath: index == 38 ? "in.csv" : "deep\(index + 1)")
        }
        try manager.createSymbolicLink(atPath: links + "/up", withDestinationPath: "..")
        try manager.createSymbolicLink(atPath: links + "/upin", withDestinationPath: "../links/..")
        try manager.createSymbolicLink(atPath: links + "/inner", withDestinationPath: "../data")
        try manager.createSymbolicLink(atPath: links + "/innerout", withDestinationPath: "../../outside")
        let root = try FileDescriptor.open(FilePath(branch.repo), .readOnly, options: [.directory])
        defer { try? root.close() }
        var refused = 0
        for path in Self.paths {
            for links in [Beneath.Links.stayingBeneath, .none] {
                let kernel = Self.outcome(Beneath.open(path, in: root, .readOnly, links: links))
                let walked = Self.outcome(
                    Beneath.walk(
                        path.isEmpty ? "." : path, in: root, flags: O_RDONLY | O_CLOEXEC, mode: 0, links: links))
                #expect(kernel == walked, "\(path) with \(links)")
                if case .failed = kernel { refused += 1 }
            }
        }
        // The answers are not all one kind: some open, most are refused.
        #expect(refused > 20)
        let secret = try FileDescriptor.open(FilePath(branch.outside + "/secret.csv"), .readOnly)
        let secretInode = try secret.stat().inode.rawValue
        try secret.close()
        for path in Self.paths {
            #expect(
                Self.outcome(Beneath.open(path, in: root, .readOnly, links: .stayingBeneath))
                    != .opened(UInt64(secretInode)), "\(path)")
        }
    }

    @Test func aRenameRacingTheOpenNeverReachesOutside() async throws {
        let branch = try HostileBranch(png: [0x89, 0x50, 0x4E, 0x47])
        let data = branch.repo + "/data"
        let rule = ReadRule.forSpec(inFolder: branch.specs)
        let stop = Locked(false)
        let swaps = Locked(0)
        let ended = Locked(false)
        // Swap a plain file and a link out under the same name for as long as the reads go on.
        let swapper = Thread {
            var flip = false
            while !stop.withLock({ $0 }) {
                let name = data + "/race.tmp"
                if flip {
                    _ = try? "inside\n".write(toFile: name, atomically: false, encoding: .utf8)
                } else {
                    try? FileManager.default.createSymbolicLink(
                        atPath: name, withDestinationPath: "../../outside/secret.csv")
                }
                rename(name, data + "/race.csv")
                flip.toggle()
                swaps.withLock { $0 += 1 }
            }
            ended.withLock { $0 = true }
        }
        swapper.start()
        var inside = 0
        var refused = 0
        var leaked = 0
        // Read until both sides of the race were met many times while the swapper ran; on a
        // loaded machine the swapper may get few turns, so the count of reads is not fixed.
        var reads = 0
        while reads < 300_000 && (inside < 20 || refused < 20 || swaps.withLock({ $0 }) < 200) {
            reads += 1
            switch rule.read("../data/race.csv", relativeTo: branch.specs, limit: 1 << 16) {
            case .success(let bytes):
                let text = String(decoding: bytes, as: UTF8.self)
                if text.contains(HostileBranch.marker) { leaked += 1 } else { inside += 1 }
            case .failure: refused += 1
            }
            if reads % 64 == 0 { sched_yield() }
        }
        stop.withLock { $0 = true }
        while !ended.withLock({ $0 }) { sched_yield() }
        #expect(leaked == 0)
        // The race ran: the plain file was read, and the link refused, many times each.
        #expect(inside >= 20, "\(reads) reads, \(swaps.withLock { $0 }) swaps")
        #expect(refused >= 20, "\(reads) reads, \(swaps.withLock { $0 }) swaps")
    }
}
