import Testing
import WaterfallCore

/// The one XML escaper, in each of the places text goes.
@Suite struct XMLEscapingTests {
    static let sample = "a&b<c>\"d'\t\n\r\u{1}\u{FFFE}\u{FFFF}e 🧋"

    @Test func contentKeepsQuotesAndLineBreaks() {
        #expect(Self.sample.xmlEscaped == "a&amp;b&lt;c&gt;\"d'\t\n&#13;e 🧋")
        #expect(Self.sample.xmlEscaped(.content) == Self.sample.xmlEscaped)
    }

    @Test func attributesReferTabsAndLineBreaks() {
        #expect(Self.sample.xmlAttributeEscaped == "a&amp;b&lt;c&gt;&quot;d'&#9;&#10;&#13;e 🧋")
    }

    @Test func markupEscapesBothQuotesAndKeepsWhitespace() {
        #expect(Self.sample.xmlEscaped(.markup) == "a&amp;b&lt;c&gt;&quot;d&#39;\t\n\re 🧋")
    }
}
