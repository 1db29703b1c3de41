import Dispatch
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

    /// The same document as UTF-8 bytes, handed to `emit` in pieces of a few thousand elements;
    /// the bytes are valid only during the call.
    ///
    /// Written straight into one reused buffer: building the text through `String` interpolation
    /// cost about 3 µs an element, a hundred times the layout itself, and appending to an
    /// array half of what is left.
    public static func writeBytes<Failure: Error>(
        contentSize: Size, elements: some Sequence<LayoutAttributes>, pretty: Bool = false,
        emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        var out = JSONBytes()
        appendHead(contentSize: contentSize, pretty: pretty, to: &out)
        var count = 0
        for element in elements {
            out.reserve(JSONBytes.elementCapacity)
            append(element, at: count, pretty: pretty, to: &out)
            count += 1
            if count % 4096 == 0 {
                try out.drain(emit)
            }
        }
        appendTail(isEmpty: count == 0, pretty: pretty, to: &out)
        try out.drain(emit)
    }

    /// The same document for an array of elements: pieces of `parallelPiece` elements are
    /// written two at a time, one on each core, and handed to `emit` in order, the same bytes.
    public static func writeBytes<Failure: Error>(
        contentSize: Size, elements: [LayoutAttributes], pretty: Bool = false,
        emit: (UnsafeRawBufferPointer) throws(Failure) -> Void
    ) throws(Failure) {
        guard elements.count >= 2 * parallelPiece else {
            return try writeBytes(contentSize: contentSize, elements: elements[...], pretty: pretty, emit: emit)
        }
        var out = JSONBytes()
        appendHead(contentSize: contentSize, pretty: pretty, to: &out)
        try out.drain(emit)
        let pieces = [PieceBuffer(), PieceBuffer()]
        for start in stride(from: 0, to: elements.count, by: 2 * parallelPiece) {
            WorkerPool.forEach(count: 2) { index in
                let lower = min(start + index * parallelPiece, elements.count)
                let upper = min(lower + parallelPiece, elements.count)
                append(elements[lower..<upper], pretty: pretty, to: &pieces[index].bytes)
            }
            for piece in pieces { try piece.bytes.drain(emit) }
        }
        appendTail(isEmpty: false, pretty: pretty, to: &out)
        try out.drain(emit)
    }

    /// Elements a core writes at a time: about 1.5 MiB of text.
    static let parallelPiece = 16_384

    /// One core's piece of the document; each is written by one thread at a time.
    private final class PieceBuffer: @unchecked Sendable {
        var bytes = JSONBytes()
    }

    private static func appendHead(contentSize: Size, pretty: Bool, to out: inout JSONBytes) {
        out.append(pretty ? "{\n  \"contentSize\": {\"width\": " : "{\"contentSize\":{\"width\":")
        out.append(number: contentSize.width)
        out.append(pretty ? ", \"height\": " : ",\"height\":")
        out.append(number: contentSize.height)
        out.append(pretty ? "},\n  \"elements\": [" : "},\"elements\":[")
    }

    private static func appendTail(isEmpty: Bool, pretty: Bool, to out: inout JSONBytes) {
        out.reserve(16)
        if pretty && !isEmpty { out.append("\n  ") }
        out.append(pretty ? "]\n}\n" : "]}\n")
    }

    /// Writes a run of the list's elements (indexed as in the list).
    private static func append(_ elements: ArraySlice<LayoutAttributes>, pretty: Bool, to out: inout JSONBytes) {
        for position in elements.indices {
            out.reserve(JSONBytes.elementCapacity)
            append(elements[position], at: position, pretty: pretty, to: &out)
        }
    }

    /// Writes the element at `position` of the list, with the comma and line break before it.
    private static func append(_ element: LayoutAttributes, at position: Int, pretty: Bool, to out: inout JSONBytes) {
        if position > 0 { out.append(",") }
        if pretty { out.append("\n    ") }
        append(element, pretty: pretty, to: &out)
    }

    static func element(_ element: LayoutAttributes, pretty: Bool) -> String {
        var out = JSONBytes()
        out.reserve(JSONBytes.elementCapacity)
        append(element, pretty: pretty, to: &out)
        var text = ""
        out.drain { text = String(decoding: $0, as: UTF8.self) }
        return text
    }

    /// Writes one element; `out` must have `JSONBytes.elementCapacity` bytes free.
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
///
/// Writes go straight to memory without a bounds check: callers `reserve` room first, as
/// much as the longest thing they write (an element is at most `elementCapacity` bytes).
struct JSONBytes: ~Copyable {
    /// Room for one element: its keys, two integers and four numbers of at most 24 bytes each.
    static let elementCapacity = 512

    private var start: UnsafeMutablePointer<UInt8>
    private var count = 0
    private var capacity: Int
    /// The text of recent fractional numbers, by their bits' hash: a layout's `x` and `width`
    /// take a few values a section, and the shortest-digits algorithm is the costly part.
    private var recentKeys = [UInt64](repeating: 0, count: Self.recentSlots)
    private var recentText = [UInt8](repeating: 0, count: Self.recentSlots * 32)
    private static let recentSlots = 64

    init() {
        capacity = 1 << 20
        start = .allocate(capacity: capacity)
    }

    deinit { start.deallocate() }

    /// Makes room for `more` bytes.
    mutating func reserve(_ more: Int) {
        guard capacity - count < more else { return }
        let grown = UnsafeMutablePointer<UInt8>.allocate(capacity: max(capacity * 2, count + more))
        grown.update(from: start, count: count)
        start.deallocate()
        start = grown
        capacity = max(capacity * 2, count + more)
    }

    /// Hands the bytes so far to `emit` and empties the buffer.
    mutating func drain<Failure: Error>(_ emit: (UnsafeRawBufferPointer) throws(Failure) -> Void) throws(Failure) {
        let bytes = UnsafeRawBufferPointer(start: start, count: count)
        count = 0
        try emit(bytes)
    }

    mutating func append(_ text: StaticString) {
        (start + count).update(from: text.utf8Start, count: text.utf8CodeUnitCount)
        count += text.utf8CodeUnitCount
    }

    private mutating func append(byte: UInt8) {
        start[count] = byte
        count += 1
    }

    mutating func append(integer value: Int) {
        if value < 0 {
            append(byte: UInt8(ascii: "-"))
            append(magnitude: value.magnitude)
        } else {
            append(magnitude: UInt(value))
        }
    }

    private mutating func append(magnitude value: UInt) {
        if value < 10 {
            append(byte: UInt8(truncatingIfNeeded: value) &+ 48)
            return
        }
        var digits = 1
        var power: UInt = 10
        while digits < 20 && value >= power {
            digits += 1
            power = power &* 10
        }
        var rest = value
        var index = count + digits
        while index > count {
            index -= 1
            start[index] = UInt8(truncatingIfNeeded: rest % 10) &+ 48
            rest /= 10
        }
        count += digits
    }

    /// `ShortestNumber.text(value)`'s bytes; whole numbers below 10^15 without making a String.
    mutating func append(number value: Double) {
        if value.magnitude < 1e15, value.rounded(.towardZero) == value {
            if value == 0 && value.sign == .minus {
                append("-0")
            } else {
                append(integer: Int(value))
            }
            return
        }
        let key = value.bitPattern
        let slot = Int(truncatingIfNeeded: (key &* 0x9E37_79B9_7F4A_7C15) >> 58)
        if recentKeys[slot] == key && key != 0 {
            let length = Int(recentText[slot * 32])
            recentText.withUnsafeBufferPointer {
                (start + count).update(from: $0.baseAddress! + slot * 32 + 1, count: length)
            }
            count += length
            return
        }
        var text = value.description
        if text.hasSuffix(".0") { text.removeLast(2) }
        let length = text.utf8.count
        reserve(length)
        text.withUTF8 { (start + count).update(from: $0.baseAddress!, count: length) }
        if length < 32 {
            recentKeys[slot] = key
            recentText[slot * 32] = UInt8(length)
            for index in 0..<length { recentText[slot * 32 + 1 + index] = start[count + index] }
        }
        count += length
    }
}
