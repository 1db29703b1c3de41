// The C side of WaterfallCairo lives in this folder: Cairo surfaces (CairoSurface.swift), drawing
// (CairoContext.swift), Pango text (PangoText.swift), libpng (LibPNG.swift), TurboJPEG
// (TurboJPEG.swift) and zlib (ZLib.swift). Nothing outside the folder calls C or sees a C
// pointer; every status is checked here and becomes a `CairoError`.

import CWaterfallCairo

/// Throws `CairoError.cairo` unless `status` is success.
func check(_ status: cairo_status_t, _ operation: @autoclosure () -> String) throws {
    guard status != CAIRO_STATUS_SUCCESS else { return }
    throw failure(status, operation())
}

/// The error for a failed Cairo `status` while doing `operation`.
func failure(_ status: cairo_status_t, _ operation: String) -> CairoError {
    .cairo(operation: operation, status: String(cString: cairo_status_to_string(status)))
}

/// Collects the bytes Cairo writes to a stream (PDF or PNG).
final class ByteSink {
    var bytes: [UInt8] = []

    /// A Cairo write callback whose closure argument is an unretained `ByteSink`.
    static let write: cairo_write_func_t = { closure, data, length in
        guard let closure else { return CAIRO_STATUS_WRITE_ERROR }
        let sink = Unmanaged<ByteSink>.fromOpaque(closure).takeUnretainedValue()
        if length > 0, let data {
            sink.bytes.append(contentsOf: UnsafeBufferPointer(start: data, count: Int(length)))
        }
        return CAIRO_STATUS_SUCCESS
    }
}
