import Foundation
import Testing
import WaterfallTestSupport

/// No spec can run the machine out of time, memory or disk: each bound refuses in one line,
/// exit 2, before the work, under an 8 GiB address-space limit (`prlimit --as`), and a long
/// load-more clip stays within it.
@Suite(.serialized, .onWaitingThreads, .tags(.process)) struct MachineBoundsTests {
    /// 8 GiB: the limit the bounds are promised under.
    static let memoryLimit = 8 << 30

    /// Runs `waterfall ARGUMENTS` under the memory limit through GNU time; returns the result
    /// and the peak resident memory in bytes.
    static func runLimited(_ arguments: [String], in folder: String) throws -> (CommandResult, Int) {
        let report = folder + "/time-\(UUID().uuidString).txt"
        let result = try CommandRunner.run(
            ["-o", report, "-f", "%M", "prlimit", "--as=\(memoryLimit)", "--", CommandRunner.waterfall] + arguments,
            executable: "/usr/bin/time", currentDirectory: folder, timeout: 300)
        let text = (try? String(contentsOfFile: report, encoding: .utf8)) ?? ""
        let kilobytes = text.split(separator: "\n").compactMap { Int($0.trimmingCharacters(in: .whitespaces)) }.last
        return (result, (kilobytes ?? -1) * 1024)
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func aPictureOfMoreThan2To32DevicePixelsIsRefusedBeforeItIsDrawn()
        throws
    {
        let folder = try TemporaryFolder()
        // 90 bytes inside every other limit: 16,000,000 × 2,080,000,000 device pixels.
        try "width: 1000000\nscale: 16\nsections:\n  - columns: 1\n    items: [{height: 130000000}]\n".write(
            toFile: folder.path + "/huge.yaml", atomically: true, encoding: .utf8)
        let (result, peak) = try Self.runLimited(["render", "huge.yaml", "--output", "out"], in: folder.path)
        #expect(result.status == 2, "\(result.output)")
        #expect(result.standardError.split(separator: "\n").count == 1, "\(result.standardError)")
        #expect(result.standardError.contains("at most 4294967296 (2^32) are drawn"), "\(result.standardError)")
        #expect(peak > 0 && peak < 1 << 30, "peak \(peak)")
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/out")) ?? []).isEmpty)
        // --widths and --scale cannot step around it either.
        try "width: 375\nsections:\n  - columns: 1\n    items: [{height: 130000000}]\n".write(
            toFile: folder.path + "/tall.yaml", atomically: true, encoding: .utf8)
        let (widened, _) = try Self.runLimited(
            ["render", "tall.yaml", "--widths", "1000000", "--scale", "16", "--output", "out"], in: folder.path)
        #expect(widened.status == 2, "\(widened.output)")
        #expect(widened.standardError.contains("(2^32)"), "\(widened.standardError)")
        // The SVG of the same spec is no picture: it is written.
        let (svg, _) = try Self.runLimited(
            ["render", "tall.yaml", "--format", "svg", "--output", "out"], in: folder.path)
        #expect(svg.status == 0, "\(svg.output)")
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func theDeclaredPicturesAreCappedBeforeAnyIsDrawn() throws {
        let folder = try TemporaryFolder()
        let widths = (0..<32).map { (index: Int) -> String in String(300 + 10 * index) }.joined(separator: ", ")
        try """
        width: 375
        style: {dark: {background: "#000000"}}
        sections: [{items: [{height: 40}]}]
        variants: {widths: [\(widths)], appearance: both, viewport: {height: 800, screens: 1000}}

        """.write(toFile: folder.path + "/many.yaml", atomically: true, encoding: .utf8)
        for command in ["render", "check"] {
            var arguments = [command, "many.yaml"]
            arguments += command == "render" ? ["--output", "out"] : ["--baselines", "bl", "--record"]
            let (result, peak) = try Self.runLimited(arguments, in: folder.path)
            #expect(result.status == 2, "\(command): \(result.output)")
            #expect(
                result.standardError.contains("variants: 32 widths × 2 appearances × 1000 screens"), "\(result.output)")
            #expect(peak > 0 && peak < 512 << 20, "\(command): peak \(peak >> 20) MiB")
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/out")) ?? []).isEmpty)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: folder.path + "/bl")) ?? []).isEmpty)
    }

    @Test(.onWaitingThreads, .tags(.externalProgram)) func twentyPagesOfAMillionCardFeedStayWithinTheFrameBound() throws
    {
        let folder = try TemporaryFolder()
        try """
        width: 100
        scale: 1
        sections:
          - columns: 2
            pageSize: 1
            generate: {count: 1000000, minHeight: 40, maxHeight: 120}

        """.write(toFile: folder.path + "/long.yaml", atomically: true, encoding: .utf8)
        let (result, peak) = try Self.runLimited(
            [
                "render", "long.yaml", "--viewport", "200", "--animate", "load-more", "--pages", "20", "--fps", "10",
                "--format", "gif", "--output", "out",
            ], in: folder.path)
        #expect(result.status == 0, "\(result.output)")
        #expect(FileManager.default.fileExists(atPath: folder.path + "/out/long.load-more.gif"))
        // The spec's million cards are held once (about 0.5 GB with the decoder's tree), not once a
        // page: 20 pages used to take 4.5 GB.
        #expect(peak > 0 && peak < 1_200 << 20, "peak \(peak >> 20) MiB")
    }
}
