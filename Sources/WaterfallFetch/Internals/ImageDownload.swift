import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1

/// One request's response, read into memory within the limits: a 2xx answer of an accepted
/// type, its body stopped as soon as it passes the byte limit.
///
/// AsyncHTTPClient calls a delegate's methods one after another on the request's event loop,
/// so its state needs no lock.
final class ImageDownload: HTTPClientResponseDelegate, @unchecked Sendable {
    typealias Response = (bytes: [UInt8], contentType: String)

    /// A redirect answer, which stops the request at its head: the fetcher decides whether to follow it.
    struct Redirect: Error {
        var location: String
    }

    private let maximumBytes: Int
    private let acceptedTypes: Set<String>
    private let received: ByteCount
    private var bytes: [UInt8] = []
    private var contentType = ""
    /// The body's length as the head's `Content-Length` announced it.
    private(set) var announcedLength: Int?

    /// The body bytes received so far.
    var receivedLength: Int { bytes.count }

    init(maximumBytes: Int, acceptedTypes: Set<String>, received: ByteCount) {
        self.maximumBytes = maximumBytes
        self.acceptedTypes = acceptedTypes
        self.received = received
    }

    func didReceiveHead(task: HTTPClient.Task<Response>, _ head: HTTPResponseHead) -> EventLoopFuture<Void> {
        let status = Int(head.status.code)
        switch status {
        case 200..<300:
            break
        case 301, 302, 303, 307, 308:
            guard let location = head.headers.first(name: "location") else {
                return task.eventLoop.makeFailedFuture(FetchFailure.status(status))
            }
            return task.eventLoop.makeFailedFuture(Redirect(location: location))
        default:
            return task.eventLoop.makeFailedFuture(FetchFailure.status(status))
        }
        let declared = head.headers.first(name: "content-type") ?? ""
        contentType = Self.mediaType(declared)
        guard acceptedTypes.contains(contentType) else {
            let shown = declared.isEmpty ? "no Content-Type" : String(declared.prefix(100))
            return task.eventLoop.makeFailedFuture(FetchFailure.notAnImage(shown))
        }
        if let length = head.headers.first(name: "content-length").flatMap({ Int($0) }) {
            guard length <= maximumBytes else {
                return task.eventLoop.makeFailedFuture(FetchFailure.tooLarge(maximumBytes))
            }
            announcedLength = length
            bytes.reserveCapacity(length)
        }
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didReceiveBodyPart(task: HTTPClient.Task<Response>, _ buffer: ByteBuffer) -> EventLoopFuture<Void> {
        guard bytes.count + buffer.readableBytes <= maximumBytes else {
            return task.eventLoop.makeFailedFuture(FetchFailure.tooLarge(maximumBytes))
        }
        bytes.append(contentsOf: buffer.readableBytesView)
        received.add(buffer.readableBytes)
        return task.eventLoop.makeSucceededVoidFuture()
    }

    func didFinishRequest(task: HTTPClient.Task<Response>) throws -> Response {
        if let announcedLength, bytes.count < announcedLength {
            throw FetchFailure.shortBody(announced: announcedLength, sent: bytes.count)
        }
        return (bytes, contentType)
    }

    /// `image/PNG; charset=x` → `image/png`.
    static func mediaType(_ header: String) -> String {
        let type = header.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
