import Foundation
import SystemPackage
import WaterfallCore
import WaterfallRender

/// An image file read for embedding: its bytes, its format and its pixel size from the header.
enum ImageFile {
    /// Files larger than this are refused rather than embedded.
    static let maximumBytes = 64 * 1024 * 1024
    /// Images with more pixels than this are refused: decoding them could exhaust memory.
    static let maximumPixels = 100_000_000

    enum Problem: Error, CustomStringConvertible {
        case missing
        case unreadable(String)
        case tooLarge(String)
        case unsupported
        /// A FIFO, a device or a socket: never read, so never waited on.
        case notRegular
        case corrupt(String)
        /// An image named by URL that the fetch step could not fetch, and why.
        case notFetched(String)
        /// Outside the folders the spec may read from: the rule's reason (`ReadRule.reason(_:)`).
        case outside(String)

        /// The problem a failed open or read is.
        init(_ failure: RegularFile.Failure) {
            switch failure {
            case _ where failure.isMissing: self = .missing
            case .notRegular(isDirectory: true): self = .unreadable("it is a directory")
            case .notRegular(isDirectory: false): self = .notRegular
            case .tooLarge: self = .tooLarge("more than \(ImageFile.maximumBytes) bytes, the most an image may have")
            case .system(let error): self = .unreadable(error.description)
            }
        }

        var description: String {
            switch self {
            case .missing: "no such file"
            case .unreadable(let reason): "cannot be read (\(reason))"
            case .tooLarge(let what): "is too large (\(what))"
            case .unsupported: "is not a PNG or JPEG file"
            case .notRegular: "is not a regular file (a FIFO, a device or a socket)"
            case .corrupt(let reason): "is not a valid image (\(reason))"
            case .notFetched(let reason): "cannot be fetched (\(reason))"
            case .outside(let reason): reason
            }
        }
    }

    /// Reads the image at `full` (a fetched image's stored file); `path` is the spelling
    /// messages use.
    static func load(_ path: String, at full: String, id: Int, budget: PixelBudget) throws(Problem) -> SceneImage {
        switch RegularFile.open(full) {
        case .success(let file):
            defer { try? file.descriptor.close() }
            return try load(path, from: file.descriptor, size: file.size, id: id, budget: budget)
        case .failure(let failure): throw Problem(failure)
        }
    }

    /// Reads the image open at `descriptor`, `size` bytes when opened; `path` is the spelling
    /// messages use.
    static func load(
        _ path: String, from descriptor: FileDescriptor, size: Int, id: Int, budget: PixelBudget
    ) throws(Problem) -> SceneImage {
        let bytes: [UInt8]
        switch RegularFile.read(descriptor, expected: size, limit: maximumBytes) {
        case .success(let read): bytes = read
        case .failure(let failure): throw Problem(failure)
        }
        return try image(bytes, path: path, id: id, budget: budget)
    }

    /// `bytes` as an image of a scene, once its header is read and its pixel size checked.
    static func image(_ bytes: [UInt8], path: String, id: Int, budget: PixelBudget) throws(Problem) -> SceneImage {
        let (format, width, height) = try header(bytes)
        guard width > 0, height > 0 else { throw .corrupt("its size is \(width)×\(height)") }
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        guard !overflow, area <= maximumPixels else {
            throw .tooLarge("\(width)×\(height) pixels; at most \(maximumPixels) pixels are allowed")
        }
        return SceneImage(
            path: path, id: id, format: format, data: bytes, pixelWidth: width, pixelHeight: height,
            decoded: DecodedPixels(budget: budget))
    }

    /// The format and pixel size, read from the PNG IHDR chunk or the JPEG start-of-frame marker.
    static func header(_ bytes: [UInt8]) throws(Problem) -> (SceneImage.Format, Int, Int) {
        if PNGFormat.hasSignature(bytes) {
            guard let header = try? PNGFormat.Header(file: bytes) else { throw .corrupt("the PNG header is truncated") }
            return (.png, header.width, header.height)
        }
        if bytes.starts(with: [0xFF, 0xD8]) {
            var index = 2
            while index + 9 < bytes.count {
                guard bytes[index] == 0xFF else { throw .corrupt("a JPEG marker is damaged") }
                let marker = bytes[index + 1]
                if marker == 0xFF {
                    index += 1
                    continue
                }
                let length = bigEndian(bytes, index + 2, 2)
                // Start-of-frame markers hold the size; C4, C8 and CC are other tables.
                if (0xC0...0xCF).contains(marker), ![0xC4, 0xC8, 0xCC].contains(marker) {
                    return (.jpeg, bigEndian(bytes, index + 7, 2), bigEndian(bytes, index + 5, 2))
                }
                guard length >= 2 else { throw .corrupt("a JPEG segment is damaged") }
                index += 2 + length
            }
            throw .corrupt("the JPEG has no frame header")
        }
        throw .unsupported
    }

    private static func bigEndian(_ bytes: [UInt8], _ offset: Int, _ count: Int) -> Int {
        bytes[offset..<(offset + count)].reduce(0) { $0 << 8 | Int($1) }
    }
}
