import WaterfallCore

extension PixelImage {
    /// The pixels of a PNG file; `name` is what an error calls it.
    public init(png bytes: [UInt8], name: String) throws(PNGFileError) {
        do {
            self = try PNGCodec.decode(bytes)
        } catch {
            throw PNGFileError(file: name, reason: "is not a readable PNG (\(error))")
        }
    }

    /// The image as PNG bytes; `name` is what an error calls the file.
    public func pngBytes(name: String) throws(PNGFileError) -> [UInt8] {
        do {
            return try PNGCodec.encode(self)
        } catch {
            throw PNGFileError(file: name, reason: "cannot be encoded: \(error)")
        }
    }
}

/// A PNG that cannot be read or written, naming the file.
public struct PNGFileError: UserFacingError, Equatable {
    /// The file, or what stands for it.
    public var file: String
    /// What is wrong.
    public var reason: String

    /// The file and the reason, on one line.
    public var description: String { "\(file): \(reason)" }
}
