import Foundation
import Testing
import WaterfallTestSupport

/// `itemsFrom` run as a user runs it: a spec beside a data file, from another folder.
@Suite(.onWaitingThreads, .tags(.process)) struct ItemsFromCommandTests {
    /// A spec in `project/`, its data in `project/data/` with images beside it; the command runs
    /// from `elsewhere/`.
    final class Project {
        let root = TemporaryFolder.newPath(named: "waterfall-items")
        var spec: String { root + "/project/feed.yaml" }
        var elsewhere: String { root + "/elsewhere" }

        init(data: String, named name: String, section: String, style: String = "") throws {
            let manager = FileManager.default
            try manager.createDirectory(atPath: root + "/project/data/images", withIntermediateDirectories: true)
            try manager.createDirectory(atPath: elsewhere, withIntermediateDirectories: true)
            for image in ["meadow.png", "fog.jpg"] {
                try manager.copyItem(
                    atPath: Repository.path("Examples/images/\(image)"), toPath: root + "/project/data/images/\(image)")
            }
            try data.write(toFile: root + "/project/data/\(name)", atomically: true, encoding: .utf8)
            try "width: 300\n\(style)sections:\n  - {columns: 1, \(section)}\n"
                .write(toFile: spec, atomically: true, encoding: .utf8)
        }

        deinit { try? FileManager.default.removeItem(atPath: root) }

        /// The cells' heights `waterfall layout` prints.
        func heights() throws -> [Double] {
            let result = try CommandRunner.run(["layout", spec], currentDirectory: elsewhere)
            try #require(result.status == 0, "\(result.standardError)")
            let object = try #require(
                try JSONSerialization.jsonObject(with: Data(result.standardOutput.utf8)) as? [String: Any])
            let elements = try #require(object["elements"] as? [[String: Any]])
            return elements.compactMap { ($0["frame"] as? [String: Double])?["height"] }
        }
    }

    @Test func recordsWithImagesAndNoSizeTakeTheirImagesAspectRatio() throws {
        // meadow.png is 480×360, fog.jpg 600×338; the paths are relative to the data file.
        let project = try Project(
            data: "name,img\nMeadow,images/meadow.png\nFog,images/fog.jpg\n", named: "feed.csv",
            section: "itemsFrom: {file: data/feed.csv, fields: {image: img, title: name}}")
        #expect(try project.heights() == [300.0 * 360 / 480, 300.0 * 338 / 600] as [Double])
    }

    @Test func mappedSizesWinOverTheImagesOwn() throws {
        let project = try Project(
            data: #"{"goods": [{"img": "images/meadow.png", "w": 100, "h": 50}]}"#, named: "shop.json",
            section: "itemsFrom: {file: data/shop.json, at: goods, fields: {image: img, width: w, height: h}}")
        #expect(try project.heights() == [150])
    }

    @Test func rendersTheRecordsImagesFromAnotherFolder() throws {
        let project = try Project(
            data: "name,img,price\nMeadow,images/meadow.png,39\nFog,images/fog.jpg,12.5\n", named: "feed.csv",
            section: "itemsFrom: {file: data/feed.csv, fields: {image: img, title: name, subtitle: \"¥{price}\"}}",
            style: "style: {card: {content: below}}\n")
        let output = project.root + "/out"
        let result = try CommandRunner.run(
            ["render", project.spec, "--format", "svg", "--output", output], currentDirectory: project.elsewhere)
        #expect(result.status == 0, "\(result.standardError)")
        let svg = try String(contentsOfFile: output + "/feed.svg", encoding: .utf8)
        #expect(svg.contains("¥12.5"))
        // Both images embedded, each once.
        #expect(svg.components(separatedBy: "data:image/png;base64,").count == 2)
        #expect(svg.components(separatedBy: "data:image/jpeg;base64,").count == 2)
    }

    @Test func aMissingImageInARecordNamesTheItemAndThePath() throws {
        let project = try Project(
            data: "img\nimages/meadow.png\nimages/nowhere.png\n", named: "feed.csv",
            section: "itemsFrom: {file: data/feed.csv, fields: {image: img}}")
        let result = try CommandRunner.run(["layout", project.spec], currentDirectory: project.elsewhere)
        #expect(result.status == 2)
        // Named at its record's line in the data file, as every error in a record is.
        #expect(
            result.standardError
                == "error: \(project.root)/project/data/feed.csv:3: [1].image: data/images/nowhere.png no such file\n")
    }
}
