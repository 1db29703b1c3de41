/// Neighbour scan state of `antialiased`: equal count plus darkest and brightest neighbours.
struct NeighbourScan {
    var zeroes: Int
    var minD = 0.0, maxD = 0.0
    var minX = 0, minY = 0, maxX = 0, maxY = 0
    let center: UInt32
    let centerY: Double

    /// One step of pixelmatch's loop, with selects instead of branches; returns false when 3+ neighbours are equal.
    @inline(__always)
    mutating func visit(_ n: UInt32, _ x: Int, _ y: Int) -> Bool {
        let delta = n == center ? 0 : centerY - YIQ.blendedY(n)
        if delta == 0 {
            zeroes &+= 1
            return zeroes <= 2
        }
        // minD <= 0 <= maxD, so at most one of these holds and neither for delta == 0
        let lt = delta < minD
        let gt = delta > maxD
        minD = lt ? delta : minD
        minX = lt ? x : minX
        minY = lt ? y : minY
        maxD = gt ? delta : maxD
        maxX = gt ? x : maxX
        maxY = gt ? y : maxY
        return true
    }
}
