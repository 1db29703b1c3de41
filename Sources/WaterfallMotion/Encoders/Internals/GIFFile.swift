// Every giflib call is in this file, behind `GIFFile` and `GIFMemory`; every status is checked and
// becomes a one-line `ClipError` naming the file.

import CWaterfallMotion

/// A GIF89a file: a looping animation of palette images, each over the ones before.
///
/// giflib encodes each part in memory: the header here, each image by ``encode(_:at:delay:usesGlobalPalette:screenWidth:screenHeight:name:)``,
/// which may run on any thread, so that several images are compressed at once; the file writes
/// the parts in order.
final class GIFFile {
    private let file: ClipFile

    /// Creates the file at `path` (called `name` in errors) for a `width` × `height` animation that
    /// loops for ever, with `palette` (3 bytes a colour) as its global colour table when given.
    init(path: String, name: String, width: Int, height: Int, palette: [UInt8]?) throws {
        guard (1...65535).contains(width), (1...65535).contains(height) else {
            throw ClipError.tooLarge(file: name, width: width, height: height, format: .gif, limit: 65535)
        }
        let memory = try GIFMemory(name: name)
        try memory.putScreen(width: width, height: height, palette: palette)
        // Netscape's application extension: loop for ever (0 times more).
        try memory.check(EGifPutExtensionLeader(memory.gif, APPLICATION_EXT_FUNC_CODE), "write its loop count")
        try memory.check(EGifPutExtensionBlock(memory.gif, 11, Array("NETSCAPE2.0".utf8)), "write its loop count")
        try memory.check(EGifPutExtensionBlock(memory.gif, 3, [1, 0, 0] as [UInt8]), "write its loop count")
        try memory.check(EGifPutExtensionTrailer(memory.gif), "write its loop count")
        let header = try memory.finish().dropLast()
        file = try ClipFile(path: path, name: name)
        try file.write(Array(header))
    }

    /// Appends an image made by ``encode(_:at:delay:usesGlobalPalette:screenWidth:screenHeight:name:)``.
    func add(_ encoded: [UInt8]) throws {
        try file.write(encoded)
    }

    /// Ends the file (its trailer) and closes it.
    func close() throws {
        try file.write([0x3B])
        try file.close()
    }

    /// `image` at `rect` of a `screenWidth` × `screenHeight` screen for `delay` centiseconds, over
    /// what the images before it left there, with its palette as a local colour table unless
    /// `usesGlobalPalette`: its graphic control extension, image descriptor, colour table and LZW
    /// data, as giflib writes them.
    static func encode(
        _ image: IndexedImage, at rect: PixelRect, delay: Int, usesGlobalPalette: Bool, screenWidth: Int,
        screenHeight: Int, name: String
    ) throws -> [UInt8] {
        let memory = try GIFMemory(name: name)
        // giflib checks that an image without a table of its own has the global one to use.
        try memory.putScreen(width: screenWidth, height: screenHeight, palette: usesGlobalPalette ? image.palette : nil)
        // The graphic control extension: disposal method 1 (do not dispose: the next image is
        // drawn over this one), no transparent colour, the delay in centiseconds.
        let delay = min(max(delay, 0), 65535)
        let control: [UInt8] = [1 << 2, UInt8(delay & 0xFF), UInt8(delay >> 8), 0]
        try memory.check(EGifPutExtension(memory.gif, GRAPHICS_EXT_FUNC_CODE, 4, control), "write a frame's delay")
        try memory.withColorMap(usesGlobalPalette ? nil : image.palette) { map in
            try memory.check(
                EGifPutImageDesc(
                    memory.gif, Int32(rect.x), Int32(rect.y), Int32(rect.width), Int32(rect.height), false, map),
                "write a frame")
        }
        var indices = image.indices
        try indices.withUnsafeMutableBufferPointer { indices in
            for row in 0..<rect.height {
                try memory.check(
                    EGifPutLine(memory.gif, indices.baseAddress! + row * rect.width, Int32(rect.width)),
                    "write a frame")
            }
        }
        // Without the header (signature, screen descriptor and global colour table) and the trailer.
        let bytes = try memory.finish()
        return Array(bytes[GIFMemory.headerBytes(of: bytes)..<(bytes.count - 1)])
    }
}

/// A giflib encoder writing into memory.
private final class GIFMemory {
    /// The bytes of the signature and the logical screen descriptor, without a colour table.
    static let screenBytes = 13

    /// How many bytes of `stream` (checked by ``finish()``) its header takes: the signature, the
    /// screen descriptor and, when its flags say so, the global colour table.
    static func headerBytes(of stream: [UInt8]) -> Int {
        let flags = stream[10]
        return screenBytes + (flags & 0x80 == 0 ? 0 : 3 << (Int(flags & 0x07) + 1))
    }

    private(set) var gif: UnsafeMutablePointer<GifFileType>?
    private var memory = UnsafeMutablePointer<wf_gif_memory>.allocate(capacity: 1)
    private let name: String

    init(name: String) throws {
        self.name = name
        memory.initialize(to: wf_gif_memory(bytes: nil, count: 0, capacity: 0, failed: 0))
        var status: Int32 = 0
        guard let gif = wf_gif_open_memory(memory, &status) else {
            throw ClipError.library(
                file: name, library: .giflib, problem: "giflib could not start (\(Self.message(status)))")
        }
        self.gif = gif
        EGifSetGifVersion(gif, true)
    }

    deinit {
        if let gif { EGifCloseFile(gif, nil) }
        wf_gif_memory_free(memory)
        memory.deallocate()
    }

    /// Writes the signature and the screen descriptor: 8 bits of colour resolution, background
    /// colour 0 (the first frame covers it all), `palette` as the global colour table when given.
    func putScreen(width: Int, height: Int, palette: [UInt8]?) throws {
        try withColorMap(palette) { map in
            try check(EGifPutScreenDesc(gif, Int32(width), Int32(height), 8, 0, map), "write its header")
        }
    }

    /// Ends the stream (giflib writes the trailer) and returns all it wrote.
    func finish() throws -> [UInt8] {
        guard let gif else { throw ClipError.misuse(file: name, problem: .writtenAfterClose) }
        self.gif = nil
        var status: Int32 = 0
        guard EGifCloseFile(gif, &status) == GIF_OK, memory.pointee.failed == 0 else {
            throw ClipError.library(
                file: name, library: .giflib, problem: "could not be written (\(Self.message(status)))")
        }
        let bytes = Array(UnsafeBufferPointer(start: memory.pointee.bytes, count: memory.pointee.count))
        guard bytes.count > Self.screenBytes, bytes.count > Self.headerBytes(of: bytes), bytes.last == 0x3B else {
            throw ClipError.library(file: name, library: .giflib, problem: "giflib wrote an incomplete stream")
        }
        return bytes
    }

    /// Runs `body` with `palette` as a giflib colour map (its size rounded up to a power of two,
    /// as GIF needs, the extra colours black), or with no map for `nil`.
    func withColorMap(_ palette: [UInt8]?, _ body: (UnsafePointer<ColorMapObject>?) throws -> Void) throws {
        guard let palette else { return try body(nil) }
        var size = 2
        while size * 3 < palette.count { size *= 2 }
        let colours = palette + [UInt8](repeating: 0, count: size * 3 - palette.count)
        let map = colours.withUnsafeBytes {
            GifMakeMapObject(Int32(size), $0.bindMemory(to: GifColorType.self).baseAddress)
        }
        guard let map else { throw ClipError.outOfMemory(file: name, what: "a palette") }
        defer { GifFreeMapObject(map) }
        try body(map)
    }

    func check(_ status: Int32, _ action: String) throws {
        guard status != GIF_OK else { return }
        let error = memory.pointee.failed != 0 ? E_GIF_ERR_NOT_ENOUGH_MEM : gif?.pointee.Error ?? 0
        throw ClipError.library(file: name, library: .giflib, problem: "could not \(action) (\(Self.message(error)))")
    }

    private static func message(_ status: Int32) -> String {
        guard let text = GifErrorString(status) else { return "giflib error \(status)" }
        return String(cString: text).lowercased()
    }
}
