import Crypto
import SystemPackage

/// SHA-256 of bytes, or of a file's bytes read a megabyte at a time, as 64 lower-case hex digits
/// (swift-crypto's, which uses the CPU's SHA instructions where there are any).
///
/// The image cache names its files after their URL's digest, and the renderer fingerprint
/// names each font file's bytes by theirs.
package enum FileDigest {
    /// The digest of `bytes`.
    package static func sha256(of bytes: [UInt8]) -> String {
        hex(SHA256.hash(data: bytes))
    }

    /// The digest of the regular file at `path`; a FIFO or device is refused, never waited on.
    package static func sha256(ofFileAt path: String) throws(RegularFile.Failure) -> String {
        let descriptor: FileDescriptor
        switch RegularFile.open(path) {
        case .success(let file): descriptor = file.descriptor
        case .failure(let failure): throw failure
        }
        defer { try? descriptor.close() }
        var hasher = SHA256()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }
            } catch {
                throw .system(error as? Errno ?? .ioError)
            }
            if count == 0 { break }
            buffer.withUnsafeBytes { hasher.update(bufferPointer: UnsafeRawBufferPointer(rebasing: $0[..<count])) }
        }
        return hex(hasher.finalize())
    }

    private static func hex(_ digest: SHA256.Digest) -> String {
        let digits = Array("0123456789abcdef".utf8)
        return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
    }
}
