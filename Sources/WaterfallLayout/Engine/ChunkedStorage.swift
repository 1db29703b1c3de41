/// A growable array of plain values kept in fixed-size contiguous chunks.
///
/// Appending never moves what is already stored, so adding items to a feed of a million costs
/// the same as adding them to a feed of ten, and memory stays within one chunk of what is used
/// (an `Array` that doubles can hold twice what it needs). The placement loop writes straight
/// into the free end of the last chunk (``tail(upTo:)``, then ``commitTail(_:)``), so cells are
/// not copied from a scratch buffer afterwards.
///
/// Copies share chunks until one of them writes, as an `Array` does.
struct ChunkedStorage<Element: BitwiseCopyable>: RandomAccessCollection {
    static var chunkShift: Int { 11 }
    static var chunkSize: Int { 1 << chunkShift }

    private var chunks: [Chunk] = []
    private(set) var count = 0

    init() {}

    var startIndex: Int { 0 }
    var endIndex: Int { count }

    @inline(__always)
    subscript(position: Int) -> Element {
        precondition(position >= 0 && position < count, "index out of range")
        return chunks[position &>> Self.chunkShift].base[position & (Self.chunkSize - 1)]
    }

    // MARK: - Appending

    /// Room after the last element for at least one and at most `limit` more (`limit` > 0), in
    /// one run of memory.
    ///
    /// What is written there is stored by ``commitTail(_:)``; until then it
    /// is not part of the collection, and any other change to the storage forgets it.
    mutating func tail(upTo limit: Int) -> UnsafeMutableBufferPointer<Element> {
        precondition(limit > 0)
        let offset = count & (Self.chunkSize - 1)
        if count == chunks.count << Self.chunkShift {
            // Every chunk is full: open one. Later chunks are allocated whole; the first grows
            // as an array does, up to a chunk, so a small section does not hold a chunk's worth.
            var capacity = Self.chunkSize
            if chunks.isEmpty {
                capacity = 16
                while capacity < limit && capacity < Self.chunkSize { capacity <<= 1 }
            }
            chunks.append(Chunk(capacity: capacity))
        } else if offset == chunks[chunks.count - 1].capacity {
            // Only the first chunk can be short: grow it.
            var capacity = chunks[0].capacity << 1
            while capacity < offset + limit && capacity < Self.chunkSize { capacity <<= 1 }
            chunks[0] = Chunk(copying: chunks[0], count: offset, capacity: Swift.min(capacity, Self.chunkSize))
        } else {
            makeUnique(chunks.count - 1)
        }
        let last = chunks[chunks.count - 1]
        return UnsafeMutableBufferPointer(start: last.base + offset, count: Swift.min(limit, last.capacity - offset))
    }

    /// Stores the first `written` elements of the last ``tail(upTo:)``.
    mutating func commitTail(_ written: Int) {
        count += written
    }

    /// Appends `elements` a chunk-sized run at a time, copying memory in bulk.
    mutating func append(contentsOf elements: UnsafeBufferPointer<Element>) {
        var index = 0
        while index < elements.count {
            let room = tail(upTo: elements.count - index)
            _ = room.initialize(fromContentsOf: UnsafeBufferPointer(rebasing: elements[index..<(index + room.count)]))
            count += room.count
            index += room.count
        }
    }

    // MARK: - Removing

    /// Removes every element from `start` on.
    mutating func removeSuffix(from start: Int) {
        guard start < count else { return }
        let keptChunks = (start + Self.chunkSize - 1) >> Self.chunkShift
        chunks.removeSubrange(keptChunks...)
        count = start
    }

    // MARK: - Chunks

    private mutating func makeUnique(_ chunk: Int) {
        if !isKnownUniquelyReferenced(&chunks[chunk]) {
            let used = Swift.min(count - chunk << Self.chunkShift, chunks[chunk].capacity)
            chunks[chunk] = Chunk(copying: chunks[chunk], count: used, capacity: chunks[chunk].capacity)
        }
    }

    /// One chunk's memory.
    ///
    /// A chunk is written only while one storage holds it.
    private final class Chunk: @unchecked Sendable {
        let base: UnsafeMutablePointer<Element>
        let capacity: Int

        init(capacity: Int) {
            base = .allocate(capacity: capacity)
            self.capacity = capacity
        }

        /// A copy of the first `count` elements of `other`, with room for `capacity`.
        init(copying other: Chunk, count: Int, capacity: Int) {
            base = .allocate(capacity: capacity)
            base.initialize(from: other.base, count: count)
            self.capacity = capacity
        }

        deinit {
            base.deallocate()
        }
    }
}

extension ChunkedStorage: Sendable where Element: Sendable {}
