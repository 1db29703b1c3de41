import Foundation

/// Headless Chromium and librsvg, run the way a reviewer would look at our HTML and SVG.
public enum ExternalRenderers {
    public struct Failure: Error, CustomStringConvertible {
        public var description: String
    }

    /// A PNG screenshot of the page at `htmlPath`, `width`×`height` CSS pixels at `scale`: one
    /// page of ``chromiumScreenshots(_:)``, which a suite with many pages calls once for all.
    public static func chromiumScreenshot(htmlPath: String, width: Int, height: Int, scale: Double) throws -> Data {
        try chromiumScreenshots([ChromiumPage(htmlPath: htmlPath, width: width, height: height, scale: scale)])[0]
    }

    /// A page for ``chromiumScreenshots(_:)``: `width`×`height` CSS pixels at `scale`.
    public struct ChromiumPage: Sendable {
        public var htmlPath: String
        public var width: Int
        public var height: Int
        public var scale: Double

        public init(htmlPath: String, width: Int, height: Int, scale: Double) {
            self.htmlPath = htmlPath
            self.width = width
            self.height = height
            self.scale = scale
        }
    }

    /// PNG screenshots of `pages`, in their order, as `chromium --headless --screenshot` takes them,
    /// but from one Chromium per scale for all of them (`scripts/chromium-screenshots.py`): starting
    /// Chromium costs more than most screenshots.
    public static func chromiumScreenshots(_ pages: [ChromiumPage]) throws -> [Data] {
        let folder = temporaryPath("dir")
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(atPath: folder) }
        let outputs = pages.indices.map { "\(folder)/\($0).png" }
        let jobs = zip(pages, outputs).map { page, output in
            "\(page.scale) \(page.width) \(page.height) \(page.htmlPath) \(output)\n"
        }
        let result = try CommandRunner.python("chromium-screenshots.py", [], input: .text(jobs.joined()))
        guard result.status == 0 else {
            throw Failure(description: "chromium-screenshots.py exited with \(result.status): \(result.output)")
        }
        return try zip(pages, outputs).map { page, output in
            guard let data = FileManager.default.contents(atPath: output) else {
                throw Failure(description: "chromium wrote no screenshot for \(page.htmlPath)")
            }
            return data
        }
    }

    /// The DOM of the page at `htmlPath` after it has loaded (and run whatever scripts it has).
    public static func chromiumDOM(htmlPath: String) throws -> String {
        let profile = temporaryPath("profile")
        defer { try? FileManager.default.removeItem(atPath: profile) }
        return try run(
            find("chromium"),
            [
                "--headless", "--no-sandbox", "--disable-gpu", "--user-data-dir=\(profile)", "--dump-dom",
                "file://\(htmlPath)",
            ])
    }

    /// The SVG at `svgPath` rasterized by `rsvg-convert` at `scale`.
    ///
    /// librsvg reads no `@font-face`: it finds every family through fontconfig. With `fontFiles`
    /// (a spec's own fonts) it runs on the machine's configuration with those files added, as a
    /// reviewer would install the app's fonts to look at its SVG.
    public static func rsvg(svgPath: String, scale: Double, fontFiles: [String] = []) throws -> Data {
        let output = temporaryPath("png")
        defer { try? FileManager.default.removeItem(atPath: output) }
        var environment: [String: String] = [:]
        if !fontFiles.isEmpty {
            let configuration = temporaryPath("conf")
            var lines = [
                "<?xml version=\"1.0\"?>", "<!DOCTYPE fontconfig SYSTEM \"urn:fontconfig:fonts.dtd\">", "<fontconfig>",
                "<include ignore_missing=\"no\">/etc/fonts/fonts.conf</include>",
            ]
            var folders: [String] = []
            for file in fontFiles {
                let folder = (file as NSString).deletingLastPathComponent
                if !folders.contains(folder) { folders.append(folder) }
            }
            lines += folders.map { "<dir>\($0)</dir>" }
            lines.append("</fontconfig>")
            try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: URL(fileURLWithPath: configuration))
            environment["FONTCONFIG_FILE"] = configuration
        }
        defer { if let file = environment["FONTCONFIG_FILE"] { try? FileManager.default.removeItem(atPath: file) } }
        try run(find("rsvg-convert"), ["-z", "\(scale)", svgPath, "-o", output], environment: environment)
        guard let data = FileManager.default.contents(atPath: output) else {
            throw Failure(description: "rsvg-convert wrote nothing for \(svgPath)")
        }
        return data
    }

    /// A new path for a scratch file with the extension `ext`, in ``TemporaryFolder/systemFolder``.
    public static func temporaryPath(_ ext: String) -> String {
        TemporaryFolder.newPath(named: "waterfall", suffix: "." + ext)
    }

    private static func find(_ tool: String) throws -> String {
        for folder in ["/usr/bin", "/usr/local/bin", "/bin"]
        where FileManager.default.isExecutableFile(atPath: "\(folder)/\(tool)") {
            return "\(folder)/\(tool)"
        }
        throw Failure(description: "\(tool) is not installed; run scripts/setup.sh")
    }

    @discardableResult
    private static func run(
        _ executable: String, _ arguments: [String], environment: [String: String] = [:]
    ) throws -> String {
        let result = try CommandRunner.run(arguments, executable: executable, environment: environment)
        guard result.status == 0 else {
            throw Failure(description: "\(executable) exited with \(result.status)")
        }
        return result.standardOutput
    }
}

extension ExternalRenderers {
    /// A new temporary folder holding a symbolic link at each of `files` (relative paths, folders
    /// made as needed) to the file `target(file)` names: a stand-in for a font folder.
    public static func linkedFolder(_ files: [String], target: (String) -> String) throws -> String {
        let root = temporaryPath("dir")
        for file in files {
            let link = root + "/" + file
            try FileManager.default.createDirectory(
                atPath: (link as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target(file))
        }
        return root
    }
}
