import WaterfallCore
import WaterfallDiff
import WaterfallPipeline
import WaterfallSpec

/// A file `waterfall diff` compares, told apart by its bytes: a PNG, a layout dump
/// (`waterfall layout`) or a spec.
public enum ComparedFile: Sendable {
    /// A PNG's bytes.
    case png([UInt8])
    /// The layout a layout dump holds.
    case layout(LayoutSnapshot)
    /// A spec, at its path: compared in its own terms with another spec (``SpecComparison``), or
    /// laid out to compare with a layout dump (``layout(allowing:)``).
    case spec(path: String)

    /// The largest file read: far more than any picture that can be decoded.
    public static let maximumBytes = 1 << 30

    /// Reads the file at `path` and tells what it is.
    ///
    /// - Throws: `FileError` naming the path when it cannot be read or is neither a PNG nor
    ///   UTF-8 text, and the decoder's error when it is a layout dump that does not decode.
    public static func read(_ path: String) throws -> ComparedFile {
        let bytes: [UInt8]
        switch RegularFile.read(atPath: path, limit: maximumBytes) {
        case .success(let read): bytes = read
        case .failure(.system(.noSuchFileOrDirectory)): throw FileError(path: path, message: "no such file")
        case .failure(.system(let error)):
            throw FileError(path: path, message: "cannot be read (\(error.description))")
        case .failure(.notRegular(let isDirectory)):
            throw FileError(path: path, message: isDirectory ? "is a directory" : "is not a regular file")
        case .failure(.tooLarge):
            throw FileError(path: path, message: "is larger than \(maximumBytes >> 30) GiB")
        }
        if PNGFormat.hasSignature(bytes) { return .png(bytes) }
        guard let text = String(validating: bytes, as: UTF8.self) else {
            throw FileError(path: path, message: "is neither a PNG nor UTF-8 text")
        }
        guard let (size, elements) = try LayoutDump.decode(text, file: path) else { return .spec(path: path) }
        return .layout(LayoutSnapshot(contentSize: size, elements: elements))
    }

    /// The layout this file holds: a dump's own, or a spec's laid out as `render` lays it out
    /// (cards sized by their image and text measured), its files read inside its root or
    /// `allowing`; `nil` for a PNG.
    public func layout(allowing: [String]) throws -> LayoutSnapshot? {
        switch self {
        case .png: nil
        case .layout(let snapshot): snapshot
        case .spec(let path):
            LayoutSnapshot(try RenderPipeline(renderers: []).layout(try Spec.load(path: path, allowing: allowing)))
        }
    }
}
