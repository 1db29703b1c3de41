import SystemPackage
import Testing
import WaterfallCore

/// `Path`'s string answers are `FilePath`'s (whose checks made every path a quadratic walk in a
/// debug build): the folder part, the last name and the lexical normal form of every path made
/// from a few names, slashes, `.` and `..`.
@Suite struct PathTests {
    /// Every path of up to three pieces from these, and their random longer mixes.
    static let paths: [String] = {
        let pieces = ["a", "bc", "é", ".", "..", "/", "//", "a b", ".x", "x.", "..."]
        var paths = [""]
        var level = [""]
        for _ in 0..<3 {
            level = level.flatMap { path in pieces.map { path + $0 } }
            paths += level
        }
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<1_000 {
            let count = Int.random(in: 4...9, using: &generator)
            paths.append((0..<count).map { _ in pieces.randomElement(using: &generator)! }.joined())
        }
        return paths
    }()

    @Test func theFolderPartIsFilePathsWithoutItsLastComponent() {
        var differing: [String] = []
        for path in Self.paths {
            var reference = FilePath(path)
            reference.removeLastComponent()
            if path.folderPart != reference.string { differing.append(path) }
        }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
        #expect(Self.paths.count > 2_400)
    }

    @Test func theLastComponentIsFilePaths() {
        let differing = Self.paths.filter { Path.lastComponent(of: $0) != FilePath($0).lastComponent?.string }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    @Test func theNormalFormIsFilePathsLexicalOne() {
        let differing = Self.paths.filter { Path.normalized($0) != FilePath($0).lexicallyNormalized().string }
        #expect(differing.isEmpty, "\(differing.prefix(10))")
    }

    @Test(arguments: [
        ("/a/./b/../c/", "/a/c"), ("a/../../x", "../x"), ("a/..", ""), ("/..", "/"), ("//a//b", "/a/b"), ("", ""),
    ])
    func namedCasesNormalize(_ path: String, _ normal: String) {
        #expect(Path.normalized(path) == normal)
    }
}
