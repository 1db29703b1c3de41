import Foundation
import Testing
import WaterfallLayout
import WaterfallTestSupport

/// `waterfall layout`, run as a user runs it.
@Suite(.tags(.slow)) struct LayoutCommandTests {
    struct Element: Equatable {
        var kind: String
        var section: Int
        var item: Int?
        var frame: Rect
    }

    func parse(_ json: String) throws -> (size: Size, elements: [Element]) {
        let object = try #require(try JSONSerialization.jsonObject(with: Data(json.utf8)) as? [String: Any])
        let size = try #require(object["contentSize"] as? [String: Double])
        let elements = try #require(object["elements"] as? [[String: Any]]).map { element in
            let frame = element["frame"] as! [String: Double]
            return Element(
                kind: element["kind"] as! String, section: element["section"] as! Int, item: element["item"] as? Int,
                frame: Rect(x: frame["x"]!, y: frame["y"]!, width: frame["width"]!, height: frame["height"]!))
        }
        return (Size(width: size["width"]!, height: size["height"]!), elements)
    }

    static let record = ProcessInfo.processInfo.environment["WATERFALL_RECORD"] == "1"

    @Test(arguments: try Repository.examples())
    func printsTheRecordedLayoutOfEachExample(_ name: String) throws {
        let result = InProcess.run(["layout", Repository.path("Examples/\(name)")])
        #expect(result.status == 0)
        #expect(result.standardError.isEmpty)
        let fixture = Repository.path("Tests/WaterfallCLITests/Fixtures/layout/\(name).json")
        let recorded = (try? String(contentsOfFile: fixture, encoding: .utf8)) ?? ""
        if Self.record, recorded != result.standardOutput {
            // As swift-snapshot-testing does: a run that wrote its fixture compared nothing, so it fails.
            try result.standardOutput.write(toFile: fixture, atomically: true, encoding: .utf8)
            Issue.record("\(name): recorded; look at it, then run again without WATERFALL_RECORD")
            return
        }
        #expect(result.standardOutput == recorded, "re-record with WATERFALL_RECORD=1 if the change is intended")
    }

    @Test func agreesWithTheContractOnRandomSpecsEndToEnd() throws {
        let folder = try TemporaryFolder(named: "waterfall-random")
        for seed in UInt64(5_000)..<5_040 {
            var random = TestRandom(seed: seed)
            let configuration = RandomSpec.withVisibleCards(RandomSpec.configuration(&random))
            let path = folder.path("spec-\(seed).json")
            try RandomSpec.json(configuration).write(toFile: path, atomically: true, encoding: .utf8)
            let result = InProcess.run(["layout", path])
            try #require(result.status == 0, "seed \(seed): \(result.standardError)")
            let printed = try parse(result.standardOutput)
            let reference = ContractReference.layout(configuration)
            #expect(agrees(printed.size.height, reference.contentSize.height), "seed \(seed)")
            try #require(printed.elements.count == reference.elements.count, "seed \(seed)")
            for (element, expected) in zip(printed.elements, reference.elements) {
                #expect(element.kind == expected.kind.rawValue)
                #expect(element.section == expected.section)
                #expect(element.item == expected.item)
                #expect(agrees(element.frame, expected.frame), "seed \(seed): \(element)")
            }
        }
    }

    @Test func numbersReadBackAsTheSameDoubles() throws {
        let spec = Repository.path("Examples/02-photo-sizes.yaml")
        let printed = try parse(InProcess.run(["layout", spec]).standardOutput)
        let cw = (375.0 - 16 - 8) / 2
        #expect(printed.elements[0].frame.height == cw * 1350 / 1080)
        // Whole numbers print without a fraction; others with the shortest round-trip digits.
        let text = InProcess.run(["layout", spec]).standardOutput
        #expect(text.contains("\"x\":8,"))
        #expect(text.contains("\"height\":\(cw * 1350 / 1080)}"))
    }

    @Test func rectSelectsWhatABruteForceScanFinds() throws {
        let spec = Repository.path("Examples/08-spans-banners.yaml")
        let all = try parse(InProcess.run(["layout", spec]).standardOutput)
        let rects = [
            Rect(x: 0, y: 0, width: 414, height: 200), Rect(x: 150, y: 300, width: 10, height: 10),
            Rect(x: 0, y: 130, width: 414, height: 0.5), Rect(x: 0, y: 898, width: 414, height: 100),
            Rect(x: -100, y: -100, width: 50, height: 50), Rect(x: 0, y: 0, width: 414, height: 898),
        ]
        for rect in rects {
            let argument = "\(rect.minX),\(rect.minY),\(rect.width),\(rect.height)"
            let result = InProcess.run(["layout", spec, "--rect=\(argument)"])
            #expect(result.status == 0)
            let selected = try parse(result.standardOutput)
            #expect(selected.size == all.size)
            #expect(selected.elements == all.elements.filter { rect.intersectsElement($0.frame) }, "rect \(argument)")
        }
    }

    @Test func prettyPrintsTheSameDocumentOneElementALine() throws {
        let spec = Repository.path("Examples/03-sections.yaml")
        let compact = InProcess.run(["layout", spec]).standardOutput
        let pretty = InProcess.run(["layout", spec, "--pretty"]).standardOutput
        let elements = try parse(compact).elements
        #expect(try parse(pretty).elements == elements)
        let lines = pretty.split(separator: "\n")
        #expect(lines.count == elements.count + 5)
        #expect(lines[2] == "  \"elements\": [")
        #expect(lines[3].hasPrefix("    {\"kind\": \"header\", \"section\": 0, \"frame\": {\"x\": 12, \"y\": 0,"))
    }

    @Test(.onWaitingThreads, .tags(.process)) func readsStandardInput() throws {
        let result = try CommandRunner.run(
            ["layout", "-"], input: "width: 100\nsections: [{columns: 1, items: [{height: 5}]}]")
        #expect(result.status == 0)
        #expect(
            result.standardOutput
                == "{\"contentSize\":{\"width\":100,\"height\":5},\"elements\":[{\"kind\":\"cell\",\"section\":0,\"item\":0,\"frame\":{\"x\":0,\"y\":0,\"width\":100,\"height\":5}}]}\n"
        )
    }
}
