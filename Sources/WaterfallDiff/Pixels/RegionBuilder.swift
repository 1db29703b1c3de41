/// Turns runs of different pixels into merged, sorted bounding boxes.
enum RegionBuilder {
    /// Union-find root with path halving.
    @inline(__always)
    static func find(_ parent: inout [Int32], _ i: Int) -> Int {
        var i = i
        while Int(parent[i]) != i {
            parent[i] = parent[Int(parent[i])]
            i = Int(parent[i])
        }
        return i
    }

    /// Joins two sets, keeping the smaller index as root (deterministic).
    @inline(__always)
    static func union(_ parent: inout [Int32], _ i: Int, _ j: Int) {
        let ri = find(&parent, i)
        let rj = find(&parent, j)
        if ri < rj { parent[rj] = Int32(ri) } else if rj < ri { parent[ri] = Int32(rj) }
    }

    /// 8-connected components of `runs` (row-major order), then boxes merged while they overlap or touch.
    static func regions(runs: [DiffRun], maxRegions: Int, mergeLimit: Int) -> (regions: [PixelRegion], truncated: Bool)
    {
        let n = runs.count
        if n == 0 { return ([], false) }
        var parent = (0..<n).map { Int32($0) }
        var prevStart = 0
        var prevEnd = 0
        var i = 0
        while i < n {
            let y = runs[i].y
            var j = i
            while j < n && runs[j].y == y { j += 1 }
            if prevEnd > prevStart && runs[prevStart].y == y - 1 {
                var p = prevStart
                for c in i..<j {
                    while p < prevEnd && runs[p].end < runs[c].start { p += 1 }
                    var q = p
                    while q < prevEnd && runs[q].start <= runs[c].end {
                        union(&parent, q, c)
                        q += 1
                    }
                }
            }
            prevStart = i
            prevEnd = j
            i = j
        }
        var boxIndex = [Int32](repeating: -1, count: n)
        var boxes: [RegionBox] = []
        for k in 0..<n {
            let r = find(&parent, k)
            let run = runs[k]
            let box = RegionBox(minX: Int(run.start), minY: Int(run.y), maxX: Int(run.end) - 1, maxY: Int(run.y))
            if boxIndex[r] < 0 {
                boxIndex[r] = Int32(boxes.count)
                boxes.append(box)
            } else {
                boxes[Int(boxIndex[r])].formUnion(box)
            }
        }
        var truncated = false
        if boxes.count > mergeLimit {
            truncated = true
        } else {
            boxes = mergeTouching(boxes)
        }
        boxes.sort { ($0.minY, $0.minX, $0.maxY, $0.maxX) < ($1.minY, $1.minX, $1.maxY, $1.maxX) }
        if boxes.count > maxRegions {
            truncated = true
            boxes.removeSubrange(maxRegions...)
        }
        let regions = boxes.map {
            PixelRegion(x: $0.minX, y: $0.minY, width: $0.maxX - $0.minX + 1, height: $0.maxY - $0.minY + 1)
        }
        return (regions, truncated)
    }

    /// Merges boxes whose 1-px-grown outlines intersect, until no two boxes touch.
    static func mergeTouching(_ input: [RegionBox]) -> [RegionBox] {
        var cur = input
        while cur.count > 1 {
            let order = cur.indices.sorted { (cur[$0].minX, $0) < (cur[$1].minX, $1) }
            var parent = (0..<cur.count).map { Int32($0) }
            var active: [Int] = []
            var merged = false
            for idx in order {
                let b = cur[idx]
                active.removeAll { cur[$0].maxX + 1 < b.minX }
                for a in active where cur[a].minY <= b.maxY + 1 && b.minY <= cur[a].maxY + 1 {
                    union(&parent, a, idx)
                    merged = true
                }
                active.append(idx)
            }
            if !merged { break }
            var slot = [Int32](repeating: -1, count: cur.count)
            var next: [RegionBox] = []
            for k in cur.indices {
                let r = find(&parent, k)
                if slot[r] < 0 {
                    slot[r] = Int32(next.count)
                    next.append(cur[k])
                } else {
                    next[Int(slot[r])].formUnion(cur[k])
                }
            }
            cur = next
        }
        return cur
    }
}
