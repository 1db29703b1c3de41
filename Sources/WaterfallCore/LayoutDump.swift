import WaterfallCore
import WaterfallLayout

/// The JSON that `waterfall layout` prints: the content size and every element's frame.
///
/// Elements are in document order (by section, then header, background, cells by item, footer);
/// `item` is written for cells only. Numbers are the shortest text that reads back as the same `Double`.
public enum LayoutDump {
    /// The document for `elements` of a layout whose content size is `contentSize`.
    public static func json(contentSize: Size, elements: [LayoutAttributes], pretty: Bool = false) -> String {
        var document = ""
        write(contentSize: contentSize, elements: elements, pretty: pretty) { document += $0 }
        return document
    }

    /// The same document, handed to `emit` in pieces of a few thousand elements.
    public static func write<Failure: Error>(
        contentSize: Size, elements: some Sequence<LayoutAttributes>, pretty: Bool = false,
        emit: (String) throws(Failure) -> Void
    ) throws(Failure) {
        try writeBytes(contentSize: contentSize, elements: elements, pretty: pretty) { (bytes) throws(Failure) in
            try emit(String(decoding: bytes, as: UTF8.self))
        }
    }

    /// The same document as UTF-8 bytes, handed to `emit` in pieces of a few thousand elements.
    ///
    /// Written straight into a byte buffer: building the text through `String` interpolation
    /// cost about 3 µs an element, a hundred times the layout itself.
    public static func writeBytes<Failure: Error>(
        contentSize: Size, elements: some Sequence<LayoutAttributes>, pretty: Bool = false,
        emit: ([UInt8]) throws(Failure) -> Void
    ) throws(Failure) {
        var out = JSONBytes()
        out.append(pretty ? "{\n  \"contentSize\": {\"width\": " : "{\"contentSize\":{\"width\":")
        out.append(number: contentSize.width)
        out.append(pretty ? ", \"height\": " : ",\"height\":")
        out.append(number: contentSize.height)
        out.append(pretty ? "},\n  \"elements\": [" : "},\"elements\":[")
        var count = 0
        for element in elements {
            if count > 0 { out.append(",") }
            if pretty { out.append("\n    ") }
            append(element, pretty: pretty, to: &out)
            count += 1
            if count % 4096 == 0 {
                try emit(out.bytes)
                out.bytes.removeAll(keepingCapacity: true)
            }
        }
        if pretty && count > 0 { out.append("\n  ") }
        out.append(pretty ? "]\n}\n" : "]}\n")
        try emit(out.bytes)
    }

    static func element(_ element: LayoutAttributes, pretty: Bool) -> String {
        var out = JSONBytes()
        append(element, pretty: pretty, to: &out)
        return String(decoding: out.bytes, as: UTF8.self)
    }

    private static func append(_ element: LayoutAttributes, pretty: Bool, to out: inout JSONBytes) {
        out.append(pretty ? "{\"kind\": " : "{\"kind\":")
        switch element.kind {
        case .header: out.append("\"header\"")
        case .cell: out.append("\"cell\"")
        case .footer: out.append("\"footer\"")
        case .background: out.append("\"background\"")
        }
        out.append(pretty ? ", \"section\": " : ",\"section\":")
        out.append(integer: element.indexPath.section)
        if element.kind == .cell {
            out.append(pretty ? ", \"item\": " : ",\"item\":")
            out.append(integer: element.indexPath.item)
        }
        let frame = element.frame
        out.append(pretty ? ", \"frame\": {\"x\": " : ",\"frame\":{\"x\":")
        out.append(number: frame.minX)
        out.append(pretty ? ", \"y\": " : ",\"y\":")
        out.append(number: frame.minY)
        out.append(pretty ? ", \"width\": " : ",\"width\":")
        out.append(number: frame.width)
        out.append(pretty ? ", \"height\": " : ",\"height\":")
        out.append(number: frame.height)
        out.append("}}")
    }
}

/// A growing UTF-8 buffer with JSON's numbers written in place.
struct JSONBytes {
    var bytes: [UInt8] = []
    /// The text of recent fractional numbers, by their bits' hash: a layout's `x` and `width`
    /// take a few values a section, and the shortest-digits algorithm is the costly part.
    private var recentKeys = [UInt64](repeating: 0, count: Self.recentSlots)
    private var recentText = [UInt8](repeating: 0, count: Self.recentSlots * 32)
    private static let recentSlots = 64

    init() { bytes.reserveCapacity(1 << 19) }

    mutating func append(_ text: StaticString) {
        text.withUTF8Buffer { bytes.append(contentsOf: $0) }
    }

    mutating func append(_ text: String) {
        bytes.append(contentsOf: text.utf8)
    }

    mutating func append(integer value: Int) {
        if value < 0 {
            bytes.append(UInt8(ascii: "-"))
            append(magnitude: value.magnitude)
        } else {
            append(magnitude: UInt(value))
        }
    }

    private mutating func append(magnitude value: UInt) {
        if value < 10 {
            bytes.append(UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        var digits: (UInt64, UInt64, UInt64) = (0, 0, 0)  // 24 bytes: room for 20 digits
        var count = 0
        var rest = value
        withUnsafeMutableBytes(of: &digits) { buffer in
            while rest > 0 {
                count += 1
                buffer[24 - count] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
                rest /= 10
            }
            bytes.append(contentsOf: UnsafeRawBufferPointer(rebasing: buffer[(24 - count)...]))
        }
    }

    /// `ShortestNumber.text(value)`'s bytes; whole numbers below 10^15 without making a String.
    mutating func append(number value: Double) {
        if value.magnitude < 1e15, value.rounded(.towardZero) == value {
            if value == 0 && value.sign == .minus {
                bytes.append(contentsOf: [UInt8(ascii: "-"), UInt8(ascii: "0")])
            } else {
                append(integer: Int(value))
            }
            return
        }
        let key = value.bitPattern
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if recentKeys[slot] == key && key != 0 {
            let length = Int(recentText[slot * 32])
            recentText.withUnsafeBufferPointer { bytes.append(contentsOf: $0[(slot * 32 + 1)...(slot * 32 + length)]) }
            return
        }
        let start = bytes.count
        let text = value.description
        if text.hasSuffix(".0") {
            bytes.append(contentsOf: text.utf8.dropLast(2))
        } else {
            bytes.append(contentsOf: text.utf8)
        }
        let length = bytes.count - start
        if length < 32 {
            recentKeys[slot] = key
            recentText[slot * 32] = UInt8(length)
            for index in 0..<length { recentText[slot * 32 + 1 + index] = bytes[start + index] }
        }
    }
}
