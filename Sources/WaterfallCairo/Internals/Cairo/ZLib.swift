// Every zlib, libdeflate and `wf_deflate.h` call and every call to the PNG writer's C row loops (CWaterfallPixels)
// lives in this file (the other C calls are beside it in this folder), behind `Deflater`, `ZLib`,
// `CRC32.libdeflate`, `PixelRows` and `RowKernel`. No C object leaves it; every zlib status is checked and becomes
// a `CairoError`.

import CWaterfallCairo
import CWaterfallPixels
import WaterfallCore

/// One raw deflate stream (no zlib header or trailer) that collects its output in memory.
///
/// Segments ended with `.sync` and a last one ended with `.finish` join into one valid deflate
/// stream when their bytes are simply concatenated, which is how pigz compresses in parallel.
final class Deflater {
    /// How a `compress` call ends.
    enum Flush {
        /// Compress as much as the encoder likes and keep the rest for later calls.
        case none
        /// Emit everything so far and end on a byte boundary with an empty stored block.
        case sync
        /// Emit everything and mark the last block: the stream is complete.
        case finish
    }

    /// How repeats are looked for.
    enum Strategy {
        /// zlib's hash chains, as deep as the level asks.
        case standard
        /// Only runs of the previous byte (distance 1), which is what filtered flat areas are made
        /// of, by the run-length encoder of `wf_deflate.h`.
        ///
        /// It finds the runs zlib's `Z_RLE` finds, eight bytes at a time instead of one, and skips
        /// zlib's hash table, which `Z_RLE` never reads but slides every 32 KiB. On a rendered
        /// 2048×27,160 page's filtered rows (167 MB) it took 18 ms where zlib's `Z_RLE` at level 1
        /// took 131 ms, for 0.8% fewer bytes.
        case runLength
    }

    private enum Engine {
        /// zlib keeps a back pointer to its z_stream and checks it, so the stream must never move.
        case zlib(UnsafeMutablePointer<z_stream>)
        case runLength(UnsafeMutablePointer<wf_deflater>)
    }

    private let engine: Engine
    private var output: [UInt8]
    private var used = 0

    /// A stream at `level` (1 fastest … 9 smallest; zlib only) that expects about
    /// `expectedOutput` bytes.
    init(level: Int, strategy: Strategy, expectedOutput: Int) throws {
        switch strategy {
        case .runLength:
            guard let encoder = wf_deflater_new(max(expectedOutput, 1 << 16)) else {
                throw CairoError.pngEncoding(reason: "no memory for a deflate stream")
            }
            engine = .runLength(encoder)
            output = []
        case .standard:
            let stream = UnsafeMutablePointer<z_stream>.allocate(capacity: 1)
            stream.initialize(to: z_stream())
            let status = deflateInit2_(
                stream, Int32(level), Z_DEFLATED, -15, 9, Z_DEFAULT_STRATEGY, zlibVersion(),
                Int32(MemoryLayout<z_stream>.size))
            guard status == Z_OK else {
                stream.deinitialize(count: 1)
                stream.deallocate()
                throw CairoError.pngEncoding(reason: "zlib could not start a deflate stream (status \(status))")
            }
            engine = .zlib(stream)
            output = [UInt8](repeating: 0, count: max(expectedOutput, 1 << 16))
        }
    }

    deinit {
        switch engine {
        case .zlib(let stream):
            deflateEnd(stream)
            stream.deinitialize(count: 1)
            stream.deallocate()
        case .runLength(let encoder):
            wf_deflater_free(encoder)
        }
    }

    /// Compresses `input`, growing the output as needed, and ends as `flush` says.
    func compress(_ input: UnsafeRawBufferPointer, flush: Flush) throws {
        switch engine {
        case .zlib(let stream): try compress(input, flush: flush, stream: stream)
        case .runLength(let encoder):
            let compressed =
                input.isEmpty
                || wf_deflate_compress(encoder, input.baseAddress!.assumingMemoryBound(to: UInt8.self), input.count)
                    != 0
            let flushed =
                switch flush {
                case .none: true
                case .sync: wf_deflate_flush(encoder, 0) != 0
                case .finish: wf_deflate_flush(encoder, 1) != 0
                }
            guard compressed, flushed else {
                throw CairoError.pngEncoding(reason: "no memory to deflate \(input.count) bytes")
            }
        }
    }

    private func compress(_ input: UnsafeRawBufferPointer, flush: Flush, stream: UnsafeMutablePointer<z_stream>) throws
    {
        let mode =
            switch flush {
            case .none: Z_NO_FLUSH
            case .sync: Z_SYNC_FLUSH
            case .finish: Z_FINISH
            }
        if input.isEmpty && flush == .none { return }
        var remaining = input
        while true {
            // zlib takes at most 4 GiB a call (32-bit counts).
            let take = min(remaining.count, Int(UInt32.max))
            let isLastPiece = take == remaining.count
            if let base = remaining.baseAddress {
                stream.pointee.next_in = UnsafeMutablePointer(mutating: base.assumingMemoryBound(to: Bytef.self))
            }
            stream.pointee.avail_in = uInt(take)
            let pieceMode = isLastPiece ? mode : Z_NO_FLUSH
            while true {
                if output.count - used < 1 << 15 {
                    // Not `repeatElement`: a debug build appends that one element at a time.
                    output += [UInt8](repeating: 0, count: output.count)
                }
                let spare = min(output.count - used, Int(UInt32.max))
                let status = output.withUnsafeMutableBufferPointer { buffer in
                    stream.pointee.next_out = buffer.baseAddress! + used
                    stream.pointee.avail_out = uInt(spare)
                    return deflate(stream, pieceMode)
                }
                let produced = spare - Int(stream.pointee.avail_out)
                used += produced
                guard status == Z_OK || status == Z_STREAM_END || (status == Z_BUF_ERROR && produced > 0) else {
                    throw CairoError.pngEncoding(reason: "zlib failed to deflate (status \(status))")
                }
                let isDone =
                    switch pieceMode {
                    case Z_NO_FLUSH: stream.pointee.avail_in == 0
                    case Z_FINISH: status == Z_STREAM_END
                    // A flush is complete once zlib left output room unused.
                    default: stream.pointee.avail_in == 0 && stream.pointee.avail_out > 0
                    }
                if isDone { break }
            }
            remaining = UnsafeRawBufferPointer(rebasing: remaining[take...])
            if isLastPiece { return }
        }
    }

    /// The compressed bytes so far; call after `compress(_:flush:)` with `.sync` or `.finish`.
    func takeOutput() -> [UInt8] {
        switch engine {
        case .zlib:
            var bytes = output
            bytes.removeSubrange(used...)
            return bytes
        case .runLength(let encoder):
            return Array(UnsafeBufferPointer(start: encoder.pointee.out, count: encoder.pointee.out_length))
        }
    }
}

extension CRC32 {
    /// libdeflate's CRC-32, with the CPU's carry-less multiply instructions: for the PNG writer
    /// and readers, which checksum every compressed byte of a page.
    package static let libdeflate = CRC32 { crc, bytes in
        guard let base = bytes.baseAddress else { return crc }
        return libdeflate_crc32(crc, base, bytes.count)
    }
}

/// zlib's Adler-32 and streams, computed by libdeflate.
///
/// libdeflate's Adler-32 uses the CPU's vector instructions: zlib's alone was 9% of the time of
/// writing a rendered page.
enum ZLib {
    /// The Adler-32 a zlib stream ends with, continued from `adler` (1 to start).
    static func adler32(_ bytes: UnsafeRawBufferPointer, continuing adler: UInt32 = 1) -> UInt32 {
        guard let base = bytes.baseAddress else { return adler }
        return libdeflate_adler32(adler, base, bytes.count)
    }

    /// `bytes` as one zlib stream (header, deflate, Adler-32) from libdeflate's own compressor at
    /// `level` (1 fastest … 12 smallest), in one call on one thread.
    static func libdeflateZlibStream(_ bytes: UnsafeRawBufferPointer, level: Int) throws -> [UInt8] {
        guard let compressor = libdeflate_alloc_compressor(Int32(level)) else {
            throw CairoError.pngEncoding(reason: "libdeflate has no compressor at level \(level)")
        }
        defer { libdeflate_free_compressor(compressor) }
        let bound = libdeflate_zlib_compress_bound(compressor, bytes.count)
        var out = [UInt8](repeating: 0, count: bound)
        let written = out.withUnsafeMutableBytes { target in
            libdeflate_zlib_compress(compressor, bytes.baseAddress, bytes.count, target.baseAddress, bound)
        }
        guard written > 0 else { throw CairoError.pngEncoding(reason: "libdeflate could not compress") }
        out.removeSubrange(written...)
        return out
    }

    /// The Adler-32 of two byte strings one after the other, from their own checksums.
    static func adler32(combining first: UInt32, _ second: UInt32, secondLength: Int) -> UInt32 {
        UInt32(adler32_combine(uLong(first), uLong(second), secondLength))
    }
}

/// Converts rows of Cairo's pixels, 32-bit native-endian words with premultiplied alpha in the
/// high byte, to the byte order PNG and `PixelImage` use.
enum PixelRows {
    /// Writes `width` RGB pixels to `target`; false if a pixel is not opaque, unless
    /// `ignoringAlpha` (Cairo's RGB24, whose high byte is unused).
    ///
    /// Eight pixels at a time with AVX2 where the CPU has it; `portable` turns that off, for tests.
    static func rgb(
        fromNativeARGB source: UnsafeRawPointer, width: Int, ignoringAlpha: Bool,
        into target: UnsafeMutablePointer<UInt8>, portable: Bool = false
    ) -> Bool {
        let words = source.assumingMemoryBound(to: UInt32.self)
        let alpha: Int32 = ignoringAlpha ? 1 : 0
        return portable
            ? wf_rgb_from_argb_portable(words, width, alpha, target) != 0
            : wf_rgb_from_argb(words, width, alpha, target) != 0
    }

    /// Writes the RGB of `width` straight RGBA pixels to `target`; false if a pixel is not opaque.
    static func rgb(fromRGBA source: UnsafePointer<UInt8>, width: Int, into target: UnsafeMutablePointer<UInt8>) -> Bool
    {
        wf_rgb_from_rgba(source, width, target) != 0
    }

    /// Writes `width` straight RGBA pixels to `target`, unpremultiplied and rounded as Cairo's own
    /// PNG writer does.
    static func rgba(
        fromPremultipliedARGB source: UnsafeRawPointer, width: Int, into target: UnsafeMutablePointer<UInt8>
    ) {
        wf_rgba_from_premultiplied_argb(source.assumingMemoryBound(to: UInt32.self), width, target)
    }

    /// Whether all `count` straight RGBA pixels at `source` are opaque.
    static func areOpaque(rgba source: UnsafePointer<UInt8>, count: Int) -> Bool {
        wf_rgba_is_opaque(source, count) != 0
    }

    /// Writes `width` straight RGBA pixels as Cairo's premultiplied native-endian ARGB words to
    /// `target`, each channel rounded as pixman does.
    static func premultipliedARGB(
        fromRGBA source: UnsafePointer<UInt8>, width: Int, into target: UnsafeMutableRawPointer
    ) {
        wf_premultiplied_argb_from_rgba(source, width, target.assumingMemoryBound(to: UInt32.self))
    }
}

/// One PNG row filter applied in C.
enum RowKernel {
    /// Filters `count` bytes of `row` with PNG filter `type` (0 None … 4 Paeth) into `target`.
    ///
    /// Returns the sum of the filtered bytes read as signed magnitudes. `row` and `above` have
    /// `bpp` readable zero bytes in front of them.
    static func filter(
        _ type: UInt8, row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, bpp: Int,
        into target: UnsafeMutablePointer<UInt8>
    ) -> Int {
        wf_png_filter(Int32(type), row, above, count, bpp, target)
    }

    /// Writes the type byte and `count` bytes of `row` filtered with the best of Sub, Up and
    /// Paeth (smallest sum of magnitudes, ties to the first) to `target` (`count + 1` bytes).
    ///
    /// Compiled for AVX2 too, used where the CPU has it; `portable` turns that off, for tests.
    static func filterSubUpOrPaeth(
        row: UnsafePointer<UInt8>, above: UnsafePointer<UInt8>, count: Int, bpp: Int,
        into target: UnsafeMutablePointer<UInt8>, portable: Bool = false
    ) {
        if portable {
            wf_png_filter_sub_up_paeth_portable(row, above, count, bpp, target)
        } else {
            wf_png_filter_sub_up_paeth(row, above, count, bpp, target)
        }
    }
}
