import WaterfallCore

/// Writes a looping GIF through giflib, with palettes made by libimagequant.
///
/// The first frame is whole; each later one only the rectangle that changed since the frame
/// before, drawn over it (disposal method 1, do not dispose). A frame equal to the one before
/// lengthens the last one's delay. Delays are whole centiseconds: frame `i` starts at
/// `i × 100 / fps` cs, rounded, so the clip lasts `frames / fps` seconds to the centisecond (at
/// 30 fps: 3, 4, 3, 3, 4, 3…). Browsers show a delay under 2 cs as 10 cs, so a frame that would
/// show for 1 cs (above 50 fps) is left out and the next covers its time and its rectangle; the
/// last frame shows for at least 2 cs.
///
/// Palettes (``ClipOptions/GIFPalette``):
/// - `perFrame`: each rectangle gets a palette of its own as a local colour table, and is written
///   as it comes, several rectangles given their palettes and compressed at once on every core.
/// - `global`: one palette for the clip, in the global colour table, made from the colours of every
///   rectangle (libimagequant's histogram, weighted by how many pixels show each colour). The
///   palette is known only after the last frame, so the rectangles wait on disk as PNG, beside the
///   clip (``FrameSpool``), and are mapped to it and written at ``finish()``. Should libimagequant
///   adjust the palette for a frame as it dithers, that frame carries its own table.
final class GIFEncoder: ClipEncoder {
    private let path: String
    private let name: String
    private let width: Int
    private let height: Int
    private let fps: Int
    private let quantizer: Quantizer
    private let dither: Bool
    /// The rectangles being given palettes of their own and compressed, on every core.
    private let compression = OrderedWork<[UInt8]>()
    private var changes: FrameChanges
    /// The file, from the start with a palette a frame; made at the end with one for the clip.
    private var file: GIFFile?
    /// The rectangles waiting for the clip's palette.
    private let spool: FrameSpool?

    /// An encoder of the clip to be written at `path` (called `name` in errors).
    init(path: String, name: String, width: Int, height: Int, options: ClipOptions) throws {
        self.path = path
        self.name = name
        self.width = width
        self.height = height
        let fps = options.fps
        self.fps = fps
        quantizer = try Quantizer(dither: options.dither, name: name)
        dither = options.dither
        var changes = FrameChanges()
        changes.mayShow = { start, end in Self.centiseconds(end, fps: fps) - Self.centiseconds(start, fps: fps) >= 2 }
        self.changes = changes
        switch options.gifPalette {
        case .perFrame:
            file = try GIFFile(path: path, name: name, width: width, height: height, palette: nil)
            spool = nil
        case .global:
            spool = try FrameSpool(beside: path, name: name)
        }
    }

    func add(_ frame: PixelImage) throws {
        if let change = try changes.add(frame, width: width, height: height, file: name) { try write(change) }
    }

    func finish() throws {
        guard let change = changes.finish() else { throw ClipError.noFrames(file: name) }
        try write(change)
        try compression.finish()
        if let spool {
            let palette = try quantizer.makeSharedPalette()
            let file = try GIFFile(path: path, name: name, width: width, height: height, palette: palette)
            try spool.replay { entry in
                let indexed = try quantizer.remapToSharedPalette(entry.image)
                try file.add(
                    GIFFile.encode(
                        indexed, at: entry.rect, delay: entry.delay, usesGlobalPalette: indexed.palette == palette,
                        screenWidth: width, screenHeight: height, name: name))
            }
            spool.remove()
            try file.close()
        } else {
            try file?.close()
        }
    }

    /// Writes `change`'s rectangle, its palette made on another thread, or keeps it for the clip's
    /// palette.
    private func write(_ change: FrameChanges.Change) throws {
        let delay = max(2, Self.centiseconds(change.end, fps: fps) - Self.centiseconds(change.start, fps: fps))
        if let spool {
            let image = change.frame.cropped(to: change.rect)
            try quantizer.addToHistogram(image)
            try spool.append(image, at: change.rect, delay: delay)
        } else if let file {
            let (dither, name, width, height) = (self.dither, self.name, self.width, self.height)
            try compression.submit {
                // A quantizer of its own: libimagequant's settings are not shared between threads.
                let indexed = try Quantizer(dither: dither, name: name).quantize(change.frame.cropped(to: change.rect))
                return try GIFFile.encode(
                    indexed, at: change.rect, delay: delay, usesGlobalPalette: false, screenWidth: width,
                    screenHeight: height, name: name)
            } then: { encoded in
                try file.add(encoded)
            }
        }
    }

    /// When frame `frame` starts, in whole centiseconds.
    static func centiseconds(_ frame: Int, fps: Int) -> Int { (frame * 100 + fps / 2) / fps }
}
