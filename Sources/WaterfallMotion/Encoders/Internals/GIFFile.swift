// Every giflib call is in this file, behind `GIFFile`; every status is checked and becomes a
// one-line `ClipError` naming the file.

import CWaterfallMotion

/// A GIF89a file written by giflib image by image: a looping animation of palette images, each
/// over the ones before.
final class GIFFile {
    private var gif: UnsafeMutablePointer<GifFileType>?
    private let name: String

    /// Creates the file at `path` (called `name` in errors) for a `width` × `height` animation that
    /// loops for ever, with `palette` (3 bytes a colour) as its global colour table when given.
    init(path: String, name: String, width: Int, height: Int, palette: [UInt8]?) throws {
        self.name = name
        var status: Int32 = 0
        guard let gif = EGifOpenFileName(path, false, &status) else {
            throw ClipError(reason: "\(name): cannot be written (\(Self.message(status)))")
        }
        self.gif = gif
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw ClipError(reason: "\(name): \(width) × \(height) is larger than the 65535 × 65535 GIF can hold")
        }
        EGifSetGifVersion(gif, true)
        try withColorMap(palette) { map in
            // 8 bits of colour resolution, background colour 0 (the first frame covers it all).
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), "write its header")
        }
        // Netscape's application extension: loop for ever (0 times more).
        try check(EGifPutExtensionLeader(gif, APPLICATION_EXT_FUNC_CODE), "write its loop count")
        try check(EGifPutExtensionBlock(gif, 11, Array("NETSCAPE2.0".utf8)), "write its loop count")
        try check(EGifPutExtensionBlock(gif, 3, [1, 0, 0] as [UInt8]), "write its loop count")
        try check(EGifPutExtensionTrailer(gif), "write its loop count")
    }

    deinit {
        if let gif { EGifCloseFile(gif, nil) }
    }

    /// Adds `image` at `rect` of the screen for `delay` centiseconds, over what the images before
    /// it left there; with its palette as a local colour table unless `usesGlobalPalette`.
    func add(_ image: IndexedImage, at rect: PixelRect, delay: Int, usesGlobalPalette: Bool) throws {
        guard let gif else { throw ClipError(reason: "\(name): written after it was closed") }
        // The graphic control extension: disposal method 1 (do not dispose: the next image is
        // drawn over this one), no transparent colour, the delay in centiseconds.
        let delay = min(max(delay, 0), 65535)
        let control: [UInt8] = [1 << 2, UInt8(delay & 0xFF), UInt8(delay >> 8), 0]
        try check(EGifPutExtension(gif, GRAPHICS_EXT_FUNC_CODE, 4, control), "write a frame's delay")
        try withColorMap(usesGlobalPalette ? nil : image.palette) { map in
            try check(
                EGifPutImageDesc(
                    gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, map),
                "write a frame")
        }
        var indices = image.indices
        try indices.withUnsafeMutableBufferPointer { indices in
            for row in 0..<rect.height {
                try check(
                    EGifPutLine(gif, indices.baseAddress! + row * rect.width, Int32(rect.width)), "write a frame")
            }
        }
    }

    /// Ends the file and closes it.
    func close() throws {
        guard let gif else { return }
        self.gif = nil
        var status: Int32 = 0
        guard EGifCloseFile(gif, &status) == GIF_OK else {
            throw ClipError(reason: "\(name): cannot be written (\(Self.message(status)))")
        }
    }

    /// Runs `body` with `palette` as a giflib colour map (its size rounded up to a power of two,
    /// as GIF needs, the extra colours black), or with no map for `nil`.
    private func withColorMap(_ palette: [UInt8]?, _ body: (UnsafePointer<ColorMapObject>?) throws -> Void) throws {
        guard let palette else { return try body(nil) }
        var size = 2
        while size * 3 < palette.count { size *= 2 }
        let colours = palette + [UInt8](repeating: 0, count: size * 3 - palette.count)
        let map = colours.withUnsafeBytes {
            GifMakeMapObject(Int32(size), $0.bindMemory(to: GifColorType.self).baseAddress)
        }
        guard let map else { throw ClipError(reason: "\(name): no memory for a palette") }
        defer { GifFreeMapObject(map) }
        try body(map)
    }

    private func check(_ status: Int32, _ action: String) throws {
        guard status != GIF_OK else { return }
        throw ClipError(reason: "\(name): could not \(action) (\(Self.message(gif?.pointee.Error ?? 0)))")
    }

    private static func message(_ status: Int32) -> String {
        guard let text = GifErrorString(status) else { return "giflib error \(status)" }
        return String(cString: text).lowercased()
    }
}
