/// pixelmatch's YIQ colour math on packed RGBA pixels (R in the low byte).
enum YIQ {
    /// Luminance of a pixel after blending it over white (pixelmatch `rgb2y` of the blended colour).
    @inline(__always)
    static func blendedY(_ v: UInt32) -> Double {
        var r = Double(v & 0xFF)
        var g = Double((v >> 8) & 0xFF)
        var b = Double((v >> 16) & 0xFF)
        let a = v >> 24
        if a < 255 {
            let f = Double(a) / 255
            r = 255 + (r - 255) * f
            g = 255 + (g - 255) * f
            b = 255 + (b - 255) * f
        }
        return r * 0.29889531 + g * 0.58662247 + b * 0.11448223
    }

    /// Squared YIQ distance (Kotsarenko/Ramos 2010), negative when the first pixel is brighter.
    @inline(__always)
    static func delta(_ v1: UInt32, _ v2: UInt32) -> Double {
        if v1 == v2 { return 0 }
        var r1 = Double(v1 & 0xFF)
        var g1 = Double((v1 >> 8) & 0xFF)
        var b1 = Double((v1 >> 16) & 0xFF)
        let a1 = v1 >> 24
        var r2 = Double(v2 & 0xFF)
        var g2 = Double((v2 >> 8) & 0xFF)
        var b2 = Double((v2 >> 16) & 0xFF)
        let a2 = v2 >> 24
        if a1 < 255 {
            let f = Double(a1) / 255
            r1 = 255 + (r1 - 255) * f
            g1 = 255 + (g1 - 255) * f
            b1 = 255 + (b1 - 255) * f
        }
        if a2 < 255 {
            let f = Double(a2) / 255
            r2 = 255 + (r2 - 255) * f
            g2 = 255 + (g2 - 255) * f
            b2 = 255 + (b2 - 255) * f
        }
        let y1 = r1 * 0.29889531 + g1 * 0.58662247 + b1 * 0.11448223
        let y2 = r2 * 0.29889531 + g2 * 0.58662247 + b2 * 0.11448223
        let y = y1 - y2
        let i =
            (r1 * 0.59597799 - g1 * 0.27417110 - b1 * 0.32180189)
            - (r2 * 0.59597799 - g2 * 0.27417110 - b2 * 0.32180189)
        let q =
            (r1 * 0.21147017 - g1 * 0.52261711 + b1 * 0.31114694)
            - (r2 * 0.21147017 - g2 * 0.52261711 + b2 * 0.31114694)
        let d = 0.5053 * y * y + 0.299 * i * i + 0.1957 * q * q
        return y1 > y2 ? -d : d
    }

    /// Gray level of pixelmatch's faded background: luminance of the raw colour blended with white.
    @inline(__always)
    static func fadedGray(_ v: UInt32, fade: Double) -> UInt32 {
        let r = Double(v & 0xFF)
        let g = Double((v >> 8) & 0xFF)
        let b = Double((v >> 16) & 0xFF)
        let a = Double(v >> 24)
        let y = r * 0.29889531 + g * 0.58662247 + b * 0.11448223
        let val = 255 + (y - 255) * (fade * a / 255)
        let c = UInt32(min(max(val, 0), 255) + 0.5)  // round half up; avoids libm
        return c | (c << 8) | (c << 16) | 0xFF00_0000
    }
}
