import CWaterfallCairo
import Foundation

/// SHA-256 of bytes, or of a file's bytes read a megabyte at a time: Nettle's, which uses the
/// CPU's SHA instructions where there are any.
public enum FileDigest {
    /// The digest of `bytes` as 64 lowercase hex digits (the image cache names files after their
    /// URL's).
    public static func sha256(of bytes: [UInt8]) -> String {
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        bytes.withUnsafeBufferPointer { nettle_sha256_update(&context, $0.count, $0.baseAddress) }
        return hex(&context)
    }

    /// The digest of the file at `path` as 64 lowercase hex digits.
    static func sha256(ofFileAt path: String) throws(FontError) -> String {
        let descriptor = open(path, O_RDONLY | O_CLOEXEC)
        guard descriptor >= 0 else {
            throw FontError(path: path, reason: "cannot be read (\(String(cString: strerror(errno))))")
        }
        defer { close(descriptor) }
        var context = sha256_ctx()
        nettle_sha256_init(&context)
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count = buffer.withUnsafeMutableBytes { read(descriptor, $0.baseAddress, $0.count) }
            if count < 0, errno == EINTR { continue }
            guard count >= 0 else {
                throw FontError(path: path, reason: "cannot be read (\(String(cString: strerror(errno))))")
            }
            if count == 0 { break }
            buffer.withUnsafeBufferPointer { nettle_sha256_update(&context, count, $0.baseAddress) }
        }
        return hex(&context)
    }

    private static func hex(_ context: inout sha256_ctx) -> String {
        var digest = [UInt8](repeating: 0, count: Int(SHA256_DIGEST_SIZE))
        nettle_sha256_digest(&context, digest.count, &digest)
        let hex = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [hex[Int($0 >> 4)], hex[Int($0 & 15)]] }, as: UTF8.self)
    }
}
