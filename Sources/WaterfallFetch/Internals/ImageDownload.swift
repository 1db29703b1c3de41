import Foundation

/// One request's response, read into memory within the limits: a 2xx answer of an accepted
/// type, its body stopped as soon as it passes the byte limit.
///
/// libcurl hands it the header lines and the body pieces one after another, on the thread that
/// makes the request, so its state needs no lock.
final class ImageDownload {
    /// Why the response was stopped before its end.
    enum Stop {
        /// A redirect to `location`: the fetcher decides whether to follow it.
        case redirect(location: String)
        case failure(FetchFailure)
    }

    private let maximumBytes: Int
    private let acceptedTypes: Set<String>
    private let received: ByteCount
    private var status = 0
    private var headers: [String: String] = [:]
    private(set) var bytes: [UInt8] = []
    private(set) var contentType = ""
    /// The body's length as the head's `Content-Length` announced it.
    private(set) var announcedLength: Int?
    /// Set when the response was stopped before its end, and why.
    private(set) var stop: Stop?

    init(maximumBytes: Int, acceptedTypes: Set<String>, received: ByteCount) {
        self.maximumBytes = maximumBytes
        self.acceptedTypes = acceptedTypes
        self.received = received
    }

    /// Takes one header line (`HTTP/1.1 200 OK`, `Content-Type: image/png`, or the empty line
    /// that ends the head); `false` stops the response.
    func header(_ line: String) -> Bool {
        let line = line.trimmingCharacters(in: .newlines)
        if line.hasPrefix("HTTP/") {
            // A new head: an interim answer's (100 Continue) or the final one's.
            status = line.split(separator: " ").dropFirst().first.flatMap { Int($0) } ?? 0
            headers = [:]
            return true
        }
        guard line.isEmpty else {
            if let colon = line.firstIndex(of: ":") {
                let name = line[..<colon].trimmingCharacters(in: .whitespaces).lowercased()
                headers[name] = headers[name] ?? line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
            return true
        }
        return headEnded()
    }

    /// The head is whole: decides whether the body is wanted.
    private func headEnded() -> Bool {
        switch status {
        case 100..<200:
            return true
        case 200..<300:
            break
        case 301, 302, 303, 307, 308:
            guard let location = headers["location"] else { return stopping(.failure(.status(status))) }
            return stopping(.redirect(location: location))
        default:
            return stopping(.failure(.status(status)))
        }
        let declared = headers["content-type"] ?? ""
        contentType = Self.mediaType(declared)
        guard acceptedTypes.contains(contentType) else {
            let shown = declared.isEmpty ? "no Content-Type" : String(declared.prefix(100))
            return stopping(.failure(.notAnImage(shown)))
        }
        if let length = headers["content-length"].flatMap({ Int($0) }) {
            guard length <= maximumBytes else { return stopping(.failure(.tooLarge(maximumBytes))) }
            announcedLength = length
            bytes.reserveCapacity(length)
        }
        return true
    }

    /// Takes one piece of the body; `false` stops the response once it passes the limit.
    func body(_ piece: UnsafeRawBufferPointer) -> Bool {
        guard bytes.count + piece.count <= maximumBytes else { return stopping(.failure(.tooLarge(maximumBytes))) }
        bytes.append(contentsOf: piece)
        received.add(piece.count)
        return true
    }

    private func stopping(_ reason: Stop) -> Bool {
        stop = reason
        return false
    }

    /// The body ended before the length the head announced, when it did.
    var shortBody: FetchFailure? {
        guard let announcedLength, bytes.count < announcedLength else { return nil }
        return .shortBody(announced: announcedLength, sent: bytes.count)
    }

    /// `image/PNG; charset=x` → `image/png`.
    static func mediaType(_ header: String) -> String {
        let type = header.split(separator: ";", maxSplits: 1).first.map(String.init) ?? ""
        return type.trimmingCharacters(in: .whitespaces).lowercased()
    }
}
