import Foundation
import Testing
import WaterfallSpec

/// A UTF-8 byte order mark (EF BB BF) at the start of a spec or a data file is no part of the
/// document: YAML with one reads as JSON with one does, and a message's line and column are those
/// of the text without it (issue 46).
@Suite struct ByteOrderMarkTests {
    static let bom = "\u{FEFF}"
    static let yaml = "width: 300\nsections:\n  - items:\n      - {height: 40, title: first}\n"
    static let json = #"{"width": 300, "sections": [{"items": [{"height": 40, "title": "first"}]}]}"#

    /// What a spec decodes to, as a comparable value: every item's title and sizing.
    private func summary(_ spec: Spec) -> [String] {
        spec.sections.flatMap(\.items).map { "\($0.title ?? "-") \($0.layout.sizing)" }
    }

    private func message(_ text: String, file: String) -> String? {
        do {
            _ = try Spec.decode(text, file: file)
            return nil
        } catch {
            return error.description
        }
    }

    @Test(arguments: [yaml, json])
    func aSpecWithAByteOrderMarkReadsAsOneWithout(_ text: String) throws {
        let plain = try Spec.decode(text)
        let marked = try Spec.decode(Self.bom + text)
        #expect(summary(marked) == summary(plain))
        #expect(marked.width == plain.width)
        #expect(summary(marked) == ["first height(40.0)"])
    }

    @Test(arguments: ["s.yaml", "s.json"])
    func aSpecFileWithAByteOrderMarkLoads(_ name: String) throws {
        let folder = try ItemsFromTests.Folder()
        let text = name.hasSuffix(".yaml") ? Self.yaml : Self.json
        try folder.write(name, Data([0xEF, 0xBB, 0xBF] + Array(text.utf8)))
        let spec = try Spec.load(path: folder.path + "/" + name)
        #expect(summary(spec) == ["first height(40.0)"])
    }

    /// Lines and columns are counted in the text as an editor shows it, without the mark.
    @Test func positionsAreThoseOfTheTextWithoutTheMark() {
        let yaml = "width: 300\nbad: 1\nsections: []\n"
        #expect(message(Self.bom + yaml, file: "s.yaml") == message(yaml, file: "s.yaml"))
        #expect(message(yaml, file: "s.yaml")?.hasPrefix("s.yaml:2:1: bad: unknown key") == true)
        let json = #"{"bad": 1, "width": 300, "sections": []}"#
        #expect(message(Self.bom + json, file: "s.json") == message(json, file: "s.json"))
        #expect(message(json, file: "s.json")?.hasPrefix("s.json:1:2: bad: unknown key") == true)
        // A syntax error on the first line too.
        let broken = "width: [300\n"
        #expect(message(Self.bom + broken, file: "s.yaml") == message(broken, file: "s.yaml"))
    }

    @Test func aMarkAloneIsAnEmptyDocument() {
        #expect(message(Self.bom, file: "s.yaml") == message("", file: "s.yaml"))
        #expect(message(Self.bom, file: "s.yaml")?.contains("empty") == true)
    }

    /// Every format of data file reads the same with a mark as without.
    @Test(arguments: ["json", "csv", "plist"])
    func aDataFileWithAByteOrderMarkReadsAsOneWithout(_ format: String) throws {
        let records: String
        switch format {
        case "json": records = #"[{"t": "one", "m": 10}, {"t": "two", "m": 20}]"#
        case "csv": records = "t,m\none,10\ntwo,20\n"
        default:
            records = """
                <?xml version="1.0" encoding="UTF-8"?>
                <!DOCTYPE plist PUBLIC "-//Apple//DTD PLIST 1.0//EN" "http://www.apple.com/DTDs/PropertyList-1.0.dtd">
                <plist version="1.0"><array>
                <dict><key>t</key><string>one</string><key>m</key><integer>10</integer></dict>
                <dict><key>t</key><string>two</string><key>m</key><integer>20</integer></dict>
                </array></plist>
                """
        }
        var titles: [[String?]] = []
        for prefix in ["", Self.bom] {
            let folder = try ItemsFromTests.Folder()
            try folder.write("d.\(format)", prefix + records)
            let spec = try folder.load("itemsFrom: {file: d.\(format), fields: {title: t, meta: \"{m} min\"}}")
            titles.append(spec.sections[0].items.map { "\($0.title ?? "-") \($0.meta ?? "-")" })
        }
        #expect(titles == [["one 10 min", "two 20 min"], ["one 10 min", "two 20 min"]], "\(format)")
    }

    /// A data file's message after a mark names the position in the text without it.
    @Test func aDataFilePositionIsThatOfTheTextWithoutTheMark() throws {
        var messages: [String] = []
        for prefix in ["", Self.bom] {
            let folder = try ItemsFromTests.Folder()
            try folder.write("d.json", prefix + #"[{"t": ["one"]}]"#)
            messages.append(try folder.message("itemsFrom: {file: d.json, fields: {title: t}}"))
        }
        #expect(messages[0] == messages[1])
        #expect(messages[0].hasPrefix("d.json:1:"), "\(messages[0])")
    }
}
