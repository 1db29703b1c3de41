import Foundation
import Testing

@testable import WaterfallCore

/// `JSONOutput`, the one JSON setting: keys sorted, slashes as written, the same bytes every run.
@Suite struct JSONOutputTests {
    struct Sample: Encodable {
        var zebra = 1
        var apple = "a/b"
        var middle: [Double] = [0.5, 2]
    }

    @Test func keysAreSortedAndSlashesKeptOnOneLine() throws {
        let text = String(decoding: try JSONOutput.encode(Sample()), as: UTF8.self)
        #expect(text == #"{"apple":"a/b","middle":[0.5,2],"zebra":1}"#)
    }

    @Test func thePrettyLayoutIndentsAndEndsInANewline() throws {
        let text = String(decoding: try JSONOutput.encode(Sample(), layout: .pretty), as: UTF8.self)
        #expect(text.hasPrefix("{\n  \"apple\" : \"a/b\",\n"))
        #expect(text.hasSuffix("}\n"))
        #expect(!text.hasSuffix("\n\n"))
    }

    @Test func textIsTheCompactBytes() throws {
        let bytes = try JSONOutput.encode(Sample())
        #expect(JSONOutput.text(Sample(), or: "{}") == String(decoding: bytes, as: UTF8.self))
    }

    /// A value that cannot be encoded (JSON has no NaN) gives the fallback, not a half-written text.
    @Test func aValueThatCannotBeEncodedGivesTheFallback() {
        #expect(JSONOutput.text(Sample(middle: [1, .nan]), or: "{}") == "{}")
        #expect(throws: EncodingError.self) { try JSONOutput.encode(Sample(middle: [.infinity])) }
    }
}
