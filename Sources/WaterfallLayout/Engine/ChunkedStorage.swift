/// A growable array kept in fixed-size contiguous chunks.
///
/// Appending never moves what is already stored, so adding items to a feed of a million costs
/// the same as adding them to a feed of ten, and memory stays within one chunk of what is used
/// (an `Array` that doubles can hold twice what it needs).
struct ChunkedStorage<Element>: RandomAccessCollection {
    static var chunkShift: Int { 11 }
    static var chunkSize: Int { 1 << chunkShift }

    private var chunks: [[Element]] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    subscript(position: Int) -> Element {
        @inline(__always) get { chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)] }
        set { chunks[position >> Self.chunkShift][position & (Self.chunkSize - 1)] = newValue }
    }

    mutating func append(_ element: Element) {
        if count & (Self.chunkSize - 1) == 0 { startChunk(needing: 1) }
        chunks[chunks.count - 1].append(element)
        count += 1
    }

    /// Appends `elements` a chunk-sized run at a time, copying memory in bulk.
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        var index = 0
        while index < elements.count {
            if count & (Self.chunkSize - 1) == 0 { startChunk(needing: elements.count - index) }
            let room = Self.chunkSize - (count & (Self.chunkSize - 1))
            let end = Swift.min(index + room, elements.count)
            chunks[chunks.count - 1].append(contentsOf: UnsafeBufferPointer(rebasing: elements[index..<end]))
            count += end - index
            index = end
        }
    }

    /// Appends `elements` a chunk-sized run at a time.
    mutating func append(contentsOf elements: some RandomAccessCollection<Element>) {
        if let done: Void = elements.withContiguousStorageIfAvailable({ append(contentsOf: $0) }) { return done }
        var index = elements.startIndex
        while index != elements.endIndex {
            if count & (Self.chunkSize - 1) == 0 { startChunk(needing: elements.distance(from: index, to: elements.endIndex)) }
            let room = Self.chunkSize - (count & (Self.chunkSize - 1))
            let end = elements.index(index, offsetBy: room, limitedBy: elements.endIndex) ?? elements.endIndex
            chunks[chunks.count - 1].append(contentsOf: elements[index..<end])
            count += elements.distance(from: index, to: end)
            index = end
        }
    }

    /// Opens a new chunk. Later chunks are allocated whole; the first grows as an array does, up
    /// to a chunk, so a small section does not hold a chunk's worth of memory.
    private mutating func startChunk(needing needed: Int) {
        var chunk: [Element] = []
        if chunks.isEmpty {
            var capacity = 16
            while capacity < needed && capacity < Self.chunkSize { capacity <<= 1 }
            chunk.reserveCapacity(capacity)
        } else {
            chunk.reserveCapacity(Self.chunkSize)
        }
        chunks.append(chunk)
    }

    /// Removes every element from `start` on.
    mutating func removeSuffix(from start: Int) {
        guard start < count else { return }
        let keptChunks = (start + Self.chunkSize - 1) >> Self.chunkShift
        chunks.removeSubrange(keptChunks...)
        if start & (Self.chunkSize - 1) != 0 {
            chunks[chunks.count - 1].removeSubrange((start & (Self.chunkSize - 1))...)
        }
        count = start
    }

    /// Bytes of element storage held, for memory accounting.
    var allocatedBytes: Int {
        chunks.reduce(0) { $0 + $1.capacity * MemoryLayout<Element>.stride }
    }
}

extension ChunkedStorage: Sendable where Element: Sendable {}
