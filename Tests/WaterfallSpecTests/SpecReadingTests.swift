import Foundation
import Testing
import WaterfallTestSupport

@testable import WaterfallSpec

/// Reading a spec is bounded however the input is given (issue 10, items 2 and 3).
@Suite(.tags(.slow)) struct SpecReadingTests {
    @Test func endlessInputStopsAtTheFileLimit() throws {
        // /dev/zero never ends: reading it to the end would take all memory.
        let descriptor = open("/dev/zero", O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(throws: SpecError(file: "-", location: "", message: "is larger than 256 MiB")) {
            try Spec.readAll(descriptor: descriptor, name: "-")
        }
    }

    @Test func inputAtTheLimitIsRead() throws {
        let path = TemporaryFolder.newPath(named: "spec")
        defer { try? FileManager.default.removeItem(atPath: path) }
        try #require(FileManager.default.createFile(atPath: path, contents: Data(count: 1 << 20)))
        let descriptor = open(path, O_RDONLY)
        try #require(descriptor >= 0)
        defer { close(descriptor) }
        #expect(try Spec.readAll(descriptor: descriptor, name: path).count == 1 << 20)
    }

    @Test func aClosedInputIsAMessageNotACrash() throws {
        let descriptor = open("/dev/null", O_RDONLY)
        try #require(descriptor >= 0)
        close(descriptor)
        #expect(
            throws: SpecError(file: "-", location: "", message: "standard input is closed")
        ) {
            try Spec.readAll(descriptor: descriptor, name: "-")
        }
    }

    @Test func aJSONDocumentOverTheValueLimitIsRefusedBeforeItIsParsed() throws {
        // 20,000,008 values: 10 up to the list of items (keys count), and 6,666,666 items of 3.
        let item = #"{"height":1},"#
        // One repeat of the item, not 6,666,666 appends (seconds of a debug build's string code).
        var text = #"{"width": 375, "scale": 2, "sections": [{"items": ["# + String(repeating: item, count: 6_666_666)
        text.removeLast()
        text += "]}]}"
        // The 20,000,001st value is the key of item 6,666,664: after the 10 values before the list
        // and 6,666,663 items of 3, its "{" and then "height". The scan stops there and says where;
        // the count after parsing (47 s in a release build) cannot give a position.
        let lead = #"{"width": 375, "scale": 2, "sections": [{"items": ["#.utf8.count
        let column = lead + 6_666_663 * item.utf8.count + 2
        #expect(
            throws: SpecError(
                file: "big.json", line: 1, column: column, location: "", message: "has more than 20000000 values")
        ) {
            try Spec.decode(text, file: "big.json")
        }
    }

    /// The byte-level number check says what JSON's grammar says, for every word of up to four
    /// characters from those that matter (and a letter and a two-byte one that must not).
    @Test func aJSONNumberIsWhatTheGrammarSays() throws {
        // ICU's engine: Swift's `Regex` takes seconds for these in a debug build.
        let grammar = try NSRegularExpression(pattern: #"^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?$"#)
        let alphabet = ["-", "+", "0", "1", "9", ".", "e", "E", "x", "é"]
        var words = [""]
        var last = [""]
        for _ in 0..<4 {
            last = last.flatMap { word in alphabet.map { word + $0 } }
            words += last
        }
        words += ["-0.5e+10", "1.0E-7", "123456789012345678901234567890", "01", "1.", ".5", "1e", "--1", "1e+-1"]
        var checked = 0
        for word in words where !word.isEmpty {
            let bytes = Array(word.utf8)
            let isNumber = bytes.withUnsafeBufferPointer { JSONPreScan.isJSONNumber($0, from: 0, to: $0.count) }
            let range = NSRange(word.startIndex..., in: word)
            #expect(isNumber == (grammar.firstMatch(in: word, range: range) != nil), "\(word)")
            checked += 1
        }
        #expect(checked > 11_000)
    }

    @Test func thePreScanCountsEveryValueAndStopsAtTheLimit() throws {
        let text = #"{"a": [1, 2.5e3, -0, true, false, null, "x\"y", {"b": []}]}"#
        // 1 mapping, "a", the list, 6 scalars, the string, the inner mapping, "b", its list: 13.
        #expect(try JSONPreScan.prepare(text, maximumValues: 13) == text)
        #expect(throws: SpecError(line: 1, column: 55, location: "", message: "has more than 12 values")) {
            try JSONPreScan.prepare(text, maximumValues: 12)
        }
        // YAML, and JSON-looking YAML with a comment, are left to the parser and its own count.
        #expect(try JSONPreScan.prepare("a: [1, 2, 3]", maximumValues: 1) == "a: [1, 2, 3]")
        #expect(try JSONPreScan.prepare("[1, 2, # three\n 3]", maximumValues: 3) == "[1, 2, # three\n 3]")
    }

    @Test func aliasesStillCountAsTheyExpand() {
        var text =
            "width: 300\nstyle:\n  palette: &a [\"#fff\",\"#fff\",\"#fff\",\"#fff\",\"#fff\",\"#fff\",\"#fff\",\"#fff\"]\n"
        var previous = "a"
        for level in 0..<8 {
            text +=
                "  x\(level): &b\(level) [" + Array(repeating: "*\(previous)", count: 10).joined(separator: ",") + "]\n"
            previous = "b\(level)"
        }
        #expect(throws: SpecError(location: "", message: "has more than 20000000 values (do aliases expand it?)")) {
            try Spec.decode(text)
        }
    }
}
