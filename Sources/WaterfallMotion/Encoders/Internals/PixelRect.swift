import CWaterfallMotion
import WaterfallCore

/// A rectangle of whole pixels in a frame, from its top-left corner.
struct PixelRect: Sendable, Hashable {
    var x: Int
    var y: Int
    var width: Int
    var height: Int

    /// The smallest rectangle holding both.
    func union(_ other: PixelRect) -> PixelRect {
        let left = min(x, other.x)
        let top = min(y, other.y)
        let right = max(x + width, other.x + other.width)
        let bottom = max(y + height, other.y + other.height)
        return PixelRect(x: left, y: top, width: right - left, height: bottom - top)
    }

    /// The rectangle widened left and up by a pixel where its left or top edge is odd: WebP's
    /// frames start on even pixels.
    var widenedToEvenOrigin: PixelRect {
        PixelRect(x: x & ~1, y: y & ~1, width: width + (x & 1), height: height + (y & 1))
    }
}

extension PixelImage {
    /// The whole image as a rectangle.
    var bounds: PixelRect { PixelRect(x: 0, y: 0, width: width, height: height) }

    /// The smallest rectangle holding every pixel that differs from `other`'s, an image of the
    /// same size; `nil` when none does.
    func changedRect(from other: PixelImage) -> PixelRect? {
        precondition(width == other.width && height == other.height, "frames of different sizes")
        var edges = [Int](repeating: 0, count: 4)
        let changed = pixels.withUnsafeBufferPointer { current in
            other.pixels.withUnsafeBufferPointer { previous in
                edges.withUnsafeMutableBufferPointer { edges in
                    wf_changed_rect(current.baseAddress, previous.baseAddress, width, height, edges.baseAddress)
                }
            }
        }
        guard changed != 0 else { return nil }
        return PixelRect(x: edges[0], y: edges[1], width: edges[2] - edges[0], height: edges[3] - edges[1])
    }

    /// The pixels of `rect`, an image of its size; the image itself when `rect` is all of it.
    func cropped(to rect: PixelRect) -> PixelImage {
        if rect == bounds { return self }
        var crop = [UInt8](repeating: 0, count: rect.width * rect.height * 4)
        pixels.withUnsafeBufferPointer { source in
            crop.withUnsafeMutableBufferPointer { target in
                wf_copy_rect(
                    source.baseAddress, width * 4, rect.x, rect.y, rect.width, rect.height, target.baseAddress)
            }
        }
        return PixelImage(width: rect.width, height: rect.height, pixels: crop)
    }
}
