import Testing
import WaterfallCore
import WaterfallLayout
import WaterfallSpec

/// `waterfall layout`'s JSON: written on both cores for long lists, the same bytes as one
/// element at a time.
@Suite struct LayoutDumpTests {
    /// Three sections of fractional widths and positions, headers, footers and backgrounds,
    /// 40,003 elements in all: pieces on both cores end at every kind of element.
    static let spec = """
        width: 1000
        sections:
          - {columns: 3, header: {height: 44}, footer: {height: 20}, background: "#eeeeee",
             generate: {count: 20000, minHeight: 40, maxHeight: 240, seed: 3}}
          - {columns: 7, interitemSpacing: 3.5, generate: {count: 9997, minHeight: 10.25, maxHeight: 90, seed: 4}}
          - {columns: 2, header: {height: 30}, generate: {count: 10000, minHeight: 40, maxHeight: 60, seed: 5}}

        """

    @Test(arguments: [false, true])
    func bothCoresWriteTheBytesOfOneElementAtATime(pretty: Bool) throws {
        let layout = try Spec.decode(Self.spec).layout()
        let elements = layout.layoutAttributesForAllElements()
        #expect(elements.count > 40_000)
        var parallel: [UInt8] = []
        LayoutDump.writeBytes(contentSize: layout.contentSize, elements: elements, pretty: pretty) {
            parallel += $0
        }
        // A lazy sequence takes the element-at-a-time path.
        var plain: [UInt8] = []
        LayoutDump.writeBytes(contentSize: layout.contentSize, elements: elements.lazy.map { $0 }, pretty: pretty) {
            plain += $0
        }
        #expect(parallel.count == plain.count)
        #expect(parallel == plain)
        #expect(String(decoding: plain.suffix(4), as: UTF8.self).hasSuffix(pretty ? "]\n}\n" : "}]}\n"))
    }
}
