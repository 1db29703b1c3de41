/// Inclusive box used while merging.
struct RegionBox {
    var minX: Int, minY: Int, maxX: Int, maxY: Int

    mutating func formUnion(_ o: RegionBox) {
        minX = min(minX, o.minX)
        minY = min(minY, o.minY)
        maxX = max(maxX, o.maxX)
        maxY = max(maxY, o.maxY)
    }
}
