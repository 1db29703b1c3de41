import WaterfallLayout

/// A zone for every device pixel of a picture, marked rectangle by rectangle in points: what the
/// cross-renderer tests compare zone by zone.
struct DevicePixelZones<Zone: RawRepresentable<UInt8>> {
    private(set) var zones: [Zone]
    let width: Int
    let height: Int
    /// Device pixels a point.
    let scale: Double

    init(width: Int, height: Int, scale: Double, filledWith zone: Zone) {
        zones = [Zone](repeating: zone, count: width * height)
        self.width = width
        self.height = height
        self.scale = scale
    }

    /// Marks the device pixels `rect` touches, grown by `grow` device pixels each side, as `zone`
    /// where they are of a lower zone (by raw value), or wherever they are when `always`.
    mutating func mark(_ rect: Rect, _ zone: Zone, grow: Double, always: Bool = false) {
        let x0 = max(0, Int((rect.minX * scale - grow).rounded(.down)))
        let x1 = min(width, Int((rect.maxX * scale + grow).rounded(.up)))
        let y0 = max(0, Int((rect.minY * scale - grow).rounded(.down)))
        let y1 = min(height, Int((rect.maxY * scale + grow).rounded(.up)))
        guard x0 < x1, y0 < y1 else { return }
        for y in y0..<y1 {
            for x in x0..<x1 where always || zones[y * width + x].rawValue < zone.rawValue {
                zones[y * width + x] = zone
            }
        }
    }
}
