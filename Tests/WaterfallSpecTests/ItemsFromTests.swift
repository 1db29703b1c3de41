import Foundation
import Testing
import WaterfallCore
import WaterfallLayout
import WaterfallSpec
import WaterfallTestSupport

/// `itemsFrom`: a section's items read from a property list, JSON or CSV file.
@Suite(.tags(.slow)) struct ItemsFromTests {
    /// A folder holding a spec and its data files, removed when the test ends.
    final class Folder {
        let path = TemporaryFolder.newPath(named: "waterfall-data")

        init() throws { try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true) }
        deinit { try? FileManager.default.removeItem(atPath: path) }

        func write(_ name: String, _ text: String) throws { try write(name, Data(text.utf8)) }

        func write(_ name: String, _ data: Data) throws {
            let file = (path as NSString).appendingPathComponent(name)
            try FileManager.default.createDirectory(
                atPath: (file as NSString).deletingLastPathComponent, withIntermediateDirectories: true)
            try data.write(to: URL(fileURLWithPath: file))
        }

        /// Loads `spec.yaml` holding one section with `section` (YAML flow keys) in it.
        func load(_ section: String) throws -> Spec {
            try write("spec.yaml", "width: 300\nsections:\n  - {\(section)}\n")
            return try Spec.load(path: (path as NSString).appendingPathComponent("spec.yaml"))
        }

        /// The message loading `section` fails with, with the folder's path taken out.
        func message(_ section: String) throws -> String {
            do {
                _ = try load(section)
            } catch let error as SpecError {
                return error.description.replacingOccurrences(of: path + "/", with: "")
            }
            Issue.record("loaded without an error")
            return ""
        }
    }

    nonisolated(unsafe) static let goods: [[String: Any]] = [
        ["name": "Linen shirt", "price": 39, "w": 480, "h": 360, "img": "images/a.png"],
        ["name": "Mug", "price": 12.5, "w": 400, "h": 400, "img": "images/b.png"],
    ]
    static let shopFields = "fields: {image: img, width: w, height: h, title: name, subtitle: \"¥{price}\"}"

    func checkGoods(_ spec: Spec, folder: String = "data/") {
        let items = spec.sections[0].items
        #expect(items.count == 2)
        #expect(items.map(\.title) == ["Linen shirt", "Mug"])
        #expect(items.map(\.subtitle) == ["¥39", "¥12.5"])
        #expect(items.map(\.imageSize) == [Size(width: 480, height: 360), Size(width: 400, height: 400)])
        #expect(
            items.map(\.layout.sizing) == [.size(Size(width: 480, height: 360)), .size(Size(width: 400, height: 400))])
        // Relative to the data file's folder, said relative to the spec's.
        #expect(items.map(\.image) == [folder + "images/a.png", folder + "images/b.png"])
    }

    @Test(arguments: [PropertyListSerialization.PropertyListFormat.xml, .binary])
    func readsAPropertyList(_ format: PropertyListSerialization.PropertyListFormat) throws {
        let folder = try Folder()
        try folder.write(
            "data/shop.plist",
            try PropertyListSerialization.data(fromPropertyList: Self.goods, format: format, options: 0))
        let spec = try folder.load("itemsFrom: {file: data/shop.plist, \(Self.shopFields)}")
        checkGoods(spec)
        #expect(spec.dataFiles == [folder.path + "/data/shop.plist"])
    }

    @Test func readsJSONAtADottedPathThroughListIndexes() throws {
        let folder = try Folder()
        let records = try JSONSerialization.data(withJSONObject: Self.goods, options: [.sortedKeys])
        try folder.write(
            "data/shop.json", "{\"pages\": [{\"items\": " + String(decoding: records, as: UTF8.self) + "}]}")
        checkGoods(try folder.load("itemsFrom: {file: data/shop.json, at: pages.0.items, \(Self.shopFields)}"))
    }

    @Test func readsCSVWithQuotesCommasDoubledQuotesAndLineBreaks() throws {
        let folder = try Folder()
        try folder.write(
            "shop.csv",
            "\u{FEFF}name,price,w,h,img\r\n\"Shirt, linen\",39,480,360,a.png\r\n"
                + "\"The \"\"best\"\" mug\nof all\",12.5,400,400,b.png\n")
        let spec = try folder.load("itemsFrom: {file: shop.csv, \(Self.shopFields)}")
        let items = spec.sections[0].items
        #expect(items.map(\.title) == ["Shirt, linen", "The \"best\" mug\nof all"])
        #expect(items.map(\.subtitle) == ["¥39", "¥12.5"])
        // CSV holds text: the numbers are read from it.
        #expect(items.map(\.imageSize) == [Size(width: 480, height: 360), Size(width: 400, height: 400)])
        #expect(items.map(\.image) == ["a.png", "b.png"])
    }

    @Test func itemsWrittenInTheSpecComeFirstThenTheRecordsThenGeneratedOnes() throws {
        let folder = try Folder()
        try folder.write("d.json", "[{\"t\": \"from the file\"}, {\"t\": \"second\"}]")
        let spec = try folder.load(
            "items: [{height: 10, title: written}], itemsFrom: {file: d.json, fields: {title: t, meta: t}},"
                + " generate: {count: 1, seed: 1}")
        #expect(spec.sections[0].items.map(\.title) == ["written", "from the file", "second", nil])
        #expect(spec.sections[0].items.map(\.meta) == [nil, "from the file", "second", nil])
    }

    @Test func mapsEveryCardField() throws {
        let folder = try Folder()
        try folder.write(
            "d.json",
            """
            [{"h": 120, "t": "T", "s": "S", "m": "M", "c": "#ff0000", "tc": "#00ff00", "r": 4, "l": 1, "span": "full",
              "cover": {"url": "x.png"}}]
            """)
        let spec = try folder.load(
            "columns: 3, itemsFrom: {file: d.json, fields: {cardHeight: h, title: t, subtitle: s, meta: m, color: c,"
                + " textColor: tc, cornerRadius: r, titleLines: l, span: span, image: cover.url}}")
        let item = try #require(spec.sections[0].items.first)
        #expect(item.fixedHeight == 120)
        #expect(item.layout == LayoutItem(sizing: .height(120), span: .full))
        #expect([item.title, item.subtitle, item.meta] == ["T", "S", "M"])
        #expect(item.color == Color(hex: "#ff0000"))
        #expect(item.textColor == Color(hex: "#00ff00"))
        #expect(item.cornerRadius == 4)
        #expect(item.titleLines == 1)
        #expect(item.image == "x.png")
    }

    @Test func optionalFieldsMayBeMissingAndTemplatesKeepLiteralBraces() throws {
        let folder = try Folder()
        try folder.write("d.json", "[{\"h\": 10, \"p\": 3}, {\"h\": 20, \"p\": null}, {\"h\": 30, \"name\": \"x\"}]")
        let spec = try folder.load(
            "itemsFrom: {file: d.json, fields: {cardHeight: h, title: name, subtitle: \"{{{p}}} each\"}}")
        #expect(spec.sections[0].items.map(\.subtitle) == ["{3} each", nil, nil])
        #expect(spec.sections[0].items.map(\.title) == [nil, nil, "x"])
    }

    /// Fields whose key no record has, each with its message.
    static let keysNoRecordHas = [
        (
            "subtitle: \"¥{prise}\"",
            "3:66: sections[0].itemsFrom.fields.subtitle: the template \"¥{prise}\" names \"prise\", "
                + "a key no record has (did you mean \"price\"?)"
        ),
        (
            "title: nmae",
            "3:63: sections[0].itemsFrom.fields.title: \"nmae\" is a key no record has (did you mean \"name\"?)"
        ),
        (
            "meta: \"{zzzzzz}\"",
            "3:62: sections[0].itemsFrom.fields.meta: the template \"{zzzzzz}\" names \"zzzzzz\", a key no record has"
        ),
    ]

    /// A typo in an optional field's key or template is refused, with the closest key.
    ///
    /// It would drop the field from every card; a key that only some records lack is theirs to lack.
    @Test(arguments: keysNoRecordHas)
    func anOptionalKeyThatNoRecordHasIsRefusedWithTheClosestKey(_ field: String, _ message: String) throws {
        let folder = try Folder()
        try folder.write("d.json", "[{\"h\": 10, \"price\": 3}, {\"h\": 20, \"name\": \"x\"}]")
        #expect(
            try folder.message("itemsFrom: {file: d.json, fields: {cardHeight: h, \(field)}}") == "spec.yaml:" + message
        )
        let spec = try folder.load(
            "itemsFrom: {file: d.json, fields: {cardHeight: h, title: name, subtitle: \"{price} kr\"}}")
        #expect(spec.sections[0].items.map(\.subtitle) == ["3 kr", nil])
        #expect(spec.sections[0].items.map(\.title) == [nil, "x"])
    }

    @Test func aRecordWithImageAndNoSizeIsSizedByItsContent() throws {
        let folder = try Folder()
        try folder.write("d.json", "[{\"img\": \"a.png\", \"name\": \"A\"}]")
        let spec = try folder.load("itemsFrom: {file: d.json, fields: {image: img, title: name}}")
        let item = try #require(spec.sections[0].items.first)
        #expect(item.imageSize == nil && item.fixedHeight == nil)
        #expect(item.isSizedByContent(in: spec.style))
        #expect(spec.needsCardSizing)
    }

    // MARK: - Messages

    static let badRecords: [(String, [UInt8], String)] = [
        // (data file name, its bytes, the message)
        (
            "shop.json", Array("[{\"w\": 1, \"h\": 2}, {\"w\": \"wide\", \"h\": 2}]".utf8),
            "shop.json:1:26: [1].w: expected a number, found a string"
        ),
        ("shop.json", Array("[{\"w\": 1, \"h\": 2}, {\"h\": 2}]".utf8), "shop.json:1:20: [1]: missing key \"w\""),
        ("shop.json", Array("[{\"w\": 0, \"h\": 2}]".utf8), "shop.json:1:8: [0].w: must be greater than 0, not 0"),
        ("shop.json", Array("[{\"w\": 1, \"h\": null}]".utf8), "shop.json:1:16: [0].h: has no value"),
        ("shop.json", Array("[3]".utf8), "shop.json:1:2: [0]: expected a record (a mapping), found a number"),
        (
            "shop.json", Array("{\"items\": []}".utf8),
            "shop.json:1:1: expected a list of records, found a mapping (give \"at\": is the list at \"items\"?)"
        ),
        (
            "shop.json", Array("[{\"w\": 1, \"h\": 2".utf8),
            "shop.json:1:2: this { is never closed"
        ),
        (
            "shop.csv", Array("w,h\n1,2\nwide,2\n".utf8),
            "shop.csv:3: [1].w: expected a number, found a string"
        ),
        ("shop.csv", Array("w,h\n1,\"2\n".utf8), "shop.csv:2:3: a quoted field is not closed"),
        (
            "shop.csv", Array("w,h\n1,2".utf8) + [0xFF, 0x0A],
            "shop.csv:2:4: a byte that is not UTF-8 (a data file is UTF-8 text)"
        ),
        (
            "shop.csv", Array("w,h\r\n1,2\r\n\"é\u{1F9CB}\r\n\",3\r".utf8) + [0xC3, 0x28, 0x0A],
            "shop.csv:5:1: a byte that is not UTF-8 (a data file is UTF-8 text)"
        ),
        (
            "shop.json", Array("[{\"w\": 1, \"h\": \"é🧋".utf8) + [0xE2, 0x82] + Array("\"}]".utf8),
            "shop.json:1:19: a byte that is not UTF-8 (a data file is UTF-8 text)"
        ),
        ("shop.csv", Array("w,h\n1\n".utf8), "shop.csv:2: has 1 field; the header has 2"),
        (
            "shop.plist", Array("not a plist <".utf8),
            "shop.plist: is not a valid property list (Unexpected character n at line 1)"
        ),
    ]

    /// A template that repeats a placeholder multiplies its value; past the limit it is refused
    /// with the file, the record's line and the field, before the text is made.
    @Test func aTemplateThatExpandsPastTheLimitOfOneFieldIsRefused() throws {
        let folder = try Folder()
        try folder.write("shop.csv", "v,h\nshort,10\n" + String(repeating: "x", count: 100_000) + ",20\n")
        let template = String(repeating: "{v}", count: 5_000)
        #expect(
            try folder.message("itemsFrom: {file: shop.csv, fields: {title: \"\(template)\", cardHeight: h}}")
                == "shop.csv:3: [1]: fields.title: expands to more than 1 MiB of text, the most one field may hold")
        // Just under the limit is read: ten copies of the value are 1,000,000 bytes.
        let ten = String(repeating: "{v}", count: 10)
        let spec = try folder.load("itemsFrom: {file: shop.csv, fields: {title: \"\(ten)\", cardHeight: h}}")
        #expect(spec.sections[0].items[1].title?.utf8.count == 1_000_000)
    }

    @Test func templatesThatExpandPastTheLimitOfAFileTogetherAreRefused() throws {
        let folder = try Folder()
        let value = String(repeating: "y", count: 100_000)
        try folder.write("shop.csv", "v,h\n" + String(repeating: value + ",10\n", count: 80))
        let template = String(repeating: "{v}", count: 9)
        // 900,000 bytes a record: the 75th record passes 64 MiB.
        #expect(
            try folder.message("itemsFrom: {file: shop.csv, fields: {title: \"\(template)\", cardHeight: h}}")
                == "shop.csv:76: [74]: fields.title: the data file's templates expand to more than 64 MiB of text in all"
        )
    }

    @Test(arguments: badRecords)
    func aBadRecordIsNamedByFileIndexAndKey(_ file: String, _ bytes: [UInt8], _ message: String) throws {
        let folder = try Folder()
        try folder.write(file, Data(bytes))
        #expect(try folder.message("itemsFrom: {file: \(file), fields: {width: w, height: h}}") == message)
    }

    @Test func aPlistRecordOfTheWrongTypeIsNamedAsTheIssueShowsIt() throws {
        let folder = try Folder()
        var goods = Array(repeating: Self.goods[0], count: 12)
        goods.append(["name": "Bad", "price": 1, "w": "480", "h": 360, "img": "c.png"])
        try folder.write(
            "shop.plist", try PropertyListSerialization.data(fromPropertyList: goods, format: .binary, options: 0))
        #expect(
            try folder.message("itemsFrom: {file: shop.plist, \(Self.shopFields)}")
                == "shop.plist: [12].w: expected a number, found a string")
    }

    @Test func aTemplateKeyMissingFromARequiredFieldAndAnImageURLAreRefused() throws {
        let folder = try Folder()
        try folder.write("d.json", "[{\"w\": 1, \"h\": 1, \"i\": \"javascript:alert(1)\"}]")
        #expect(
            try folder.message("itemsFrom: {file: d.json, fields: {image: i, width: w, height: h}}")
                == "d.json:1:24: [0].i: must be a local file path or an http(s) URL, not a \"javascript:\" URL")
        #expect(
            try folder.message("itemsFrom: {file: d.json, fields: {image: \"{dir}/{i}\", width: w, height: h}}")
                == "d.json:1:2: [0]: missing key \"dir\"")
    }

    @Test func aBadAtPathIsNamedInTheDataFile() throws {
        let folder = try Folder()
        try folder.write("d.json", "{\"data\": {\"items\": [], \"title\": \"x\"}, \"pages\": [1]}")
        let fields = "fields: {width: w, height: h}"
        #expect(
            try folder.message("itemsFrom: {file: d.json, at: data.itmes, \(fields)}")
                == "d.json:1:10: data: no key \"itmes\" (did you mean \"items\"?)")
        #expect(
            try folder.message("itemsFrom: {file: d.json, at: data.title, \(fields)}")
                == "d.json:1:33: data.title: expected a list of records, found a string")
        #expect(
            try folder.message("itemsFrom: {file: d.json, at: data.title.x, \(fields)}")
                == "d.json:1:33: data.title: is a string, not a mapping or a list: \"x\" cannot be looked up in it")
        #expect(
            try folder.message("itemsFrom: {file: d.json, at: pages.3, \(fields)}")
                == "d.json:1:48: pages: is a list of 1; \"3\" is not one of its indexes")
        #expect(
            try folder.message("itemsFrom: {file: d.json, at: data..items, \(fields)}")
                == "spec.yaml:3:36: sections[0].itemsFrom.at: must be a dotted path such as \"data.items\", not \"data..items\""
        )
    }

    @Test func badFieldsAndFilesAreNamedInTheSpec() throws {
        let folder = try Folder()
        try folder.write("d.json", "[]")
        try FileManager.default.createDirectory(
            atPath: folder.path + "/folder.json", withIntermediateDirectories: true)
        #expect(
            try folder.message("itemsFrom: {file: d.json, fields: {titel: name}}")
                == "spec.yaml:3:41: sections[0].itemsFrom.fields.titel: unknown key (did you mean \"title\"?)")
        #expect(
            try folder.message("itemsFrom: {file: d.json, fields: {width: w}}")
                == "spec.yaml:3:48: sections[0].itemsFrom.fields.width: give \"width\" and \"height\" together: "
                + "they are the image's size")
        #expect(
            try folder.message("itemsFrom: {file: d.json, fields: {title: \"{name\"}}")
                == "spec.yaml:3:48: sections[0].itemsFrom.fields.title: a \"{\" is not closed (write \"{{\" for a brace)"
        )
        #expect(
            try folder.message("itemsFrom: {file: nowhere.json, fields: {title: t}}")
                == "spec.yaml:3:24: sections[0].itemsFrom.file: nowhere.json: no such file")
        #expect(
            try folder.message("itemsFrom: {file: folder.json, fields: {title: t}}")
                == "spec.yaml:3:24: sections[0].itemsFrom.file: folder.json: is a directory, not a data file")
        #expect(
            try folder.message("itemsFrom: {file: d.txt, fields: {title: t}}")
                == "spec.yaml:3:24: sections[0].itemsFrom.file: d.txt: unknown format; "
                + "a data file's name ends in .plist, .json or .csv")
        #expect(
            try folder.message("itemsFrom: {file: \"https://example.com/d.json\", fields: {title: t}}")
                == "spec.yaml:3:24: sections[0].itemsFrom.file: must be a local file path, not a URL")
    }

    @Test func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try Folder()
        #expect(mkfifo(folder.path + "/pipe.json", 0o600) == 0)
        #expect(
            try folder.message("itemsFrom: {file: pipe.json, fields: {title: t}}")
                == "spec.yaml:3:24: sections[0].itemsFrom.file: pipe.json: is not a regular file "
                + "(a FIFO, a device or a socket)")
    }

    @Test func aFileOverSixtyFourMebibytesIsRefused() throws {
        let folder = try Folder()
        let path = folder.path + "/big.json"
        #expect(FileManager.default.createFile(atPath: path, contents: nil))
        // A sparse file: its size, not its bytes, is what is refused.
        #expect(truncate(path, 64 * 1024 * 1024 + 1) == 0)
        #expect(
            try folder.message("itemsFrom: {file: big.json, fields: {title: t}}")
                == "spec.yaml:3:24: sections[0].itemsFrom.file: big.json: is larger than 64 MiB")
    }

    /// A binary property list of `objects` (each an array of references, or a leaf string "x").
    static func binaryPropertyList(_ objects: [[Int]?]) -> Data {
        var bytes = Array("bplist00".utf8)
        var offsets: [Int] = []
        for object in objects {
            offsets.append(bytes.count)
            if let references = object {
                bytes += [0xA0 | UInt8(references.count)] + references.map(UInt8.init)
            } else {
                bytes += [0x51, UInt8(ascii: "x")]
            }
        }
        let table = bytes.count
        bytes += offsets.map(UInt8.init)
        bytes += [0, 0, 0, 0, 0, 0, 1, 1]
        for value in [objects.count, 0, table] {
            bytes += (0..<8).reversed().map { UInt8(truncatingIfNeeded: value >> ($0 * 8)) }
        }
        return Data(bytes)
    }

    @Test func aBinaryPropertyListWhoseSharedObjectsExpandPastTheLimitIsRefusedUnparsed() throws {
        let folder = try Folder()
        // Object k is [k+1, k+1]: 40 objects that Foundation would expand to 2^40 values.
        let objects: [[Int]?] = (0..<40).map { [$0 + 1, $0 + 1] } + [nil]
        try folder.write("bomb.plist", Self.binaryPropertyList(objects))
        #expect(
            try folder.message("itemsFrom: {file: bomb.plist, fields: {title: t}}")
                == "bomb.plist: has more than 20000000 values")
    }

    @Test func aBinaryPropertyListWhoseObjectsLoopIsRefused() throws {
        let folder = try Folder()
        try folder.write("loop.plist", Self.binaryPropertyList([[0]]))
        #expect(
            try folder.message("itemsFrom: {file: loop.plist, fields: {title: t}}")
                == "loop.plist: nested more than 64 levels deep (or its objects loop)")
        // The same writer's plain lists read (Foundation parses them, `at` walks them), so the
        // refusals above are not a writer's mistake.
        try folder.write("list.plist", Self.binaryPropertyList([[1], [2], [3, 3], nil]))
        #expect(
            try folder.message("itemsFrom: {file: list.plist, at: 0.0, fields: {title: t}}")
                == "list.plist: [0][0][0]: expected a record (a mapping), found a string")
    }

    @Test func theRecordsCountTowardsTheSpecsItemLimit() throws {
        let folder = try Folder()
        try folder.write("d.csv", "t\n" + String(repeating: "x\n", count: 3))
        // The records are counted before the generated items are made, so this is refused at once.
        try folder.write(
            "spec.yaml",
            "width: 300\nsections:\n  - itemsFrom: {file: d.csv, fields: {title: t}}\n"
                + "  - {generate: {count: 1999998}}\n")
        let error = #expect(throws: SpecError.self) { try Spec.load(path: folder.path + "/spec.yaml") }
        #expect(error?.message == "the spec would have 2000001 items; at most 2000000 are allowed")
        #expect(error?.location == "sections[1].generate.count")
    }
}
