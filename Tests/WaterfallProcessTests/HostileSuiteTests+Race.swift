import Foundation
import Testing
import WaterfallTestSupport

#if canImport(Glibc)
import Glibc
#endif

extension HostileSuiteTests {
    /// A name swapped between a file inside and a link out while the binary renders.
    ///
    /// A thread swaps the name as fast as it can while the spec that names it is rendered again
    /// and again: a check and an open in two steps leaked the secret in 10 of 339 renders. Each
    /// render either reads the inside file (exit 0) or refuses with one line (exit 2); none shows
    /// the marker.
    @Suite(.serialized) struct Race {
        /// What is swapped under one name.
        enum Swapped: String, Sendable, CaseIterable, CustomTestStringConvertible {
            /// `data/race.csv`: a hard link to `data/ok.csv`, then a link to the outside CSV.
            case dataFile
            /// `img/race.png`: a hard link to `img/ok.png`, then a link to the outside picture.
            case image
            /// `data/racedir`: a folder holding a `secret.csv` of its own, then a link to the outside folder.
            case folder

            var testDescription: String { rawValue }

            /// Renders of the spec while the name is swapped.
            var renders: Int { self == .dataFile ? 40 : 20 }

            var spec: String {
                switch self {
                case .dataFile:
                    "width: 300\nscale: 1\nsections:\n  - itemsFrom: {file: data/race.csv, fields: {title: name}}\n"
                case .image: "width: 300\nscale: 1\nsections:\n  - items: [{image: img/race.png, title: A}]\n"
                case .folder:
                    "width: 300\nscale: 1\nsections:\n  - itemsFrom: {file: data/racedir/secret.csv, fields: {title: name}}\n"
                }
            }
        }

        /// A flag the test sets and the swapping thread reads, and the count of its swaps.
        final class Swapper: @unchecked Sendable {
            private let lock = NSLock()
            private var stopped = false
            private var swaps = 0
            private let done = DispatchSemaphore(value: 0)

            var isStopped: Bool { lock.withLock { stopped } }
            func count() { lock.withLock { swaps += 1 } }

            /// Stops the thread and waits for it: how many swaps it made.
            func stop() -> Int {
                lock.withLock { stopped = true }
                done.wait()
                return lock.withLock { swaps }
            }

            /// Runs `swap` on a thread of its own until stopped.
            func start(_ swap: @escaping @Sendable () -> Void) {
                Thread {
                    while !self.isStopped {
                        swap()
                        self.count()
                    }
                    self.done.signal()
                }.start()
            }
        }

        /// The swap for `swapped`, its files made ready in `branch`.
        static func prepare(_ swapped: Swapped, in branch: HostileBranch) throws -> @Sendable () -> Void {
            let repo = branch.repo
            switch swapped {
            case .dataFile, .image:
                let (name, inside, outside) =
                    swapped == .dataFile
                    ? ("data/race.csv", "data/ok.csv", "../../outside/secret.csv")
                    : ("img/race.png", "img/ok.png", "../../outside/secret.png")
                let target = repo + "/" + name
                try FileManager.default.linkItem(atPath: repo + "/" + inside, toPath: target)
                return {
                    unlink(target + ".link")
                    symlink(outside, target + ".link")
                    rename(target + ".link", target)
                    unlink(target + ".file")
                    link(repo + "/" + inside, target + ".file")
                    rename(target + ".file", target)
                }
            case .folder:
                let target = repo + "/data/racedir"
                try branch.write("name,image\nInside card,ok.png\n", at: "data/racedir/secret.csv")
                try branch.link("data/racedir.link", to: "../../outside")
                return {
                    // The name is missing for a moment: a render then says so, and that is fine.
                    rename(target, target + ".real")
                    rename(target + ".link", target)
                    rename(target, target + ".link")
                    rename(target + ".real", target)
                }
            }
        }

        @Test(.onWaitingThreads, .timeLimit(.minutes(3)), arguments: Swapped.allCases)
        func aNameSwappedWhileRenderingNeverLeaks(_ swapped: Swapped) throws {
            let branch = try HostileSuiteTests.branch()
            try branch.write(swapped.spec, at: "race.yaml")
            let swapper = Swapper()
            swapper.start(try Self.prepare(swapped, in: branch))
            var outcomes: [Int32: Int] = [:]
            for run in 0..<swapped.renders {
                let out = branch.folder.path + "/out\(run)"
                let result = try CommandRunner.run(
                    ["render", "race.yaml", "--format", "svg,html", "--output", out], currentDirectory: branch.repo,
                    timeout: 60)
                outcomes[result.status, default: 0] += 1
                #expect(!result.wasSignalled, "render \(run): signal \(result.status)")
                #expect([0, 2].contains(result.status), "render \(run): \(result.output)")
                if result.status == 2 {
                    #expect(result.standardError.split(separator: "\n").count == 1, "render \(run): \(result.output)")
                    #expect(HostileBranch.regularFiles(in: out).isEmpty, "render \(run)")
                }
                HostileSuiteTests.expectNoMarker(result, "render \(run)")
                HostileSuiteTests.expectNoLeak(in: out, "render \(run)")
            }
            let swaps = swapper.stop()
            #expect(swaps > swapped.renders, "the name was swapped \(swaps) times")
            #expect(outcomes.values.reduce(0, +) == swapped.renders, "\(outcomes)")
        }
    }
}
