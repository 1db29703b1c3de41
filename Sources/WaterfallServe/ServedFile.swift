import Foundation
import Hummingbird
import NIOPosix
import SystemPackage
import WaterfallCore
import WaterfallPipeline

/// A file from a served folder, sent from disk a chunk at a time: memory stays flat whatever its
/// size, and a `Range` request gets the part it asks for.
///
/// Only a regular file is sent; a FIFO or device in a served folder is refused without being
/// opened for a read that could wait for ever.
enum ServedFile {
    /// How much of the file is read at a time.
    static let chunkBytes = 128 * 1024

    /// The response for the file at `path` below the served folder `root`.
    static func response(path: String, under root: String, range header: String?) -> Response {
        let size: Int
        switch open(path, under: root) {
        case .success(let file):
            try? file.descriptor.close()
            size = file.size
        case .failure(.notRegular(isDirectory: false)):
            return ServeResponse.forbidden("not a regular file")
        case .failure:
            return ServeResponse.notFound()
        }
        var headers: HTTPFields = [
            .contentType: ServeResponse.contentType(of: path), .cacheControl: "no-store", .acceptRanges: "bytes",
        ]
        var status = HTTPResponse.Status.ok
        var part = 0..<size
        switch header.map({ ByteRange.parse($0, size: size) }) {
        case nil, .whole?:
            break
        case .part(let range)?:
            part = range
            status = .partialContent
            headers[.contentRange] = "bytes \(range.lowerBound)-\(range.upperBound - 1)/\(size)"
        case .unsatisfiable?:
            headers[.contentRange] = "bytes */\(size)"
            return Response(status: .rangeNotSatisfiable, headers: headers)
        }
        let body = ResponseBody(contentLength: part.count) { [part] writer in
            try await send(path: path, under: root, part: part, to: &writer)
        }
        return ServeResponse.fromUserFolder(Response(status: status, headers: headers, body: body), scripts: true)
    }

    /// Writes `part` of the file a chunk at a time, each read on NIO's thread pool; the writer
    /// waits while the client is slower than the disk.
    ///
    /// The file is opened again here, so no descriptor is left open when the body is never sent;
    /// a file that is no longer regular, or now shorter, ends the response early (the client sees
    /// fewer bytes than announced, never other bytes).
    private static func send(
        path: String, under root: String, part: Range<Int>, to writer: inout any ResponseBodyWriter
    ) async throws {
        let descriptor = try open(path, under: root).get().descriptor
        defer { try? descriptor.close() }
        var offset = part.lowerBound
        while offset < part.upperBound {
            let count = min(chunkBytes, part.upperBound - offset)
            let start = offset
            let chunk = try await NIOThreadPool.singleton.runIfActive { () throws -> ByteBuffer in
                var buffer = ByteBuffer()
                let read = try buffer.writeWithUnsafeMutableBytes(minimumWritableBytes: count) { bytes in
                    let room = UnsafeMutableRawBufferPointer(rebasing: bytes[..<count])
                    return try descriptor.read(fromAbsoluteOffset: Int64(start), into: room, retryOnInterrupt: true)
                }
                // A file that shrank since it was opened ends the response early.
                guard read > 0 else { throw RegularFile.Failure.system(.ioError) }
                return buffer
            }
            offset += chunk.readableBytes
            try await writer.write(chunk)
        }
        try await writer.finish(nil)
    }
}

extension ServedFile {
    /// Opens the regular file `path` beneath the served folder `root`: the folder reached with no
    /// link on the way inside the current folder (``NamedFolder``), the file by the kernel's
    /// rule beneath it (``Beneath``), links that stay inside followed.
    static func open(_ path: String, under root: String) -> Result<
        (descriptor: FileDescriptor, size: Int), RegularFile.Failure
    > {
        switch NamedFolder.open(root) {
        case .success(let folder):
            defer { try? folder.close() }
            return RegularFile.open(path, beneath: folder)
        case .failure(let failure): return .failure(.system(failure.errno))
        }
    }
}

/// The part of a file a `Range` header asks for (RFC 9110, section 14): one range of bytes.
///
/// A header with several ranges, another unit or a syntax error is ignored and the whole file
/// sent, as the RFC allows; a range that starts past the end cannot be satisfied (416).
enum ByteRange: Equatable {
    case whole
    case part(Range<Int>)
    case unsatisfiable

    static func parse(_ header: String, size: Int) -> ByteRange {
        let text = header.trimmingCharacters(in: .whitespaces)
        guard text.lowercased().hasPrefix("bytes="), !text.contains(",") else { return .whole }
        let spec = text.dropFirst("bytes=".count).trimmingCharacters(in: .whitespaces)
        let bounds = spec.split(separator: "-", maxSplits: 1, omittingEmptySubsequences: false)
        guard bounds.count == 2 else { return .whole }
        let first = bounds[0].trimmingCharacters(in: .whitespaces)
        let last = bounds[1].trimmingCharacters(in: .whitespaces)
        // At most 18 digits: a larger number is no offset in any file and would overflow.
        let digits = { (text: String) in
            !text.isEmpty && text.count <= 18 && text.allSatisfy { $0.isASCII && $0.isNumber }
        }
        if first.isEmpty {
            // `bytes=-N`: the last N bytes.
            guard digits(last), let suffix = Int(last) else { return .whole }
            guard suffix > 0, size > 0 else { return .unsatisfiable }
            return .part(max(0, size - suffix)..<size)
        }
        guard digits(first), let start = Int(first), start >= 0 else { return .whole }
        guard start < size else { return .unsatisfiable }
        guard !last.isEmpty else { return .part(start..<size) }
        guard digits(last), let end = Int(last), end >= start else { return .whole }
        return .part(start..<min(end + 1, size))
    }
}
