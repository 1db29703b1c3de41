import CWaterfallNettle
import SystemPackage
import WaterfallCore

/// SHA-256 of bytes, or of a file's bytes read a megabyte at a time, as 64 lower-case hex digits
/// (Nettle's, which uses the CPU's SHA instructions where there are any).
///
/// The image cache names its files after their URL's digest, and the renderer fingerprint
/// names each font file's bytes by theirs.
package enum FileDigest {
    /// The digest of `bytes`.
    package static func sha256(of bytes: [UInt8]) -> String {
        var hasher = Hasher()
        bytes.withUnsafeBufferPointer { hasher.update($0) }
        return hasher.hex()
    }

    /// The digests of files read in this process, by their stamps: a fingerprint hashes about
    /// 100 MB of fonts, and `serve`, or a test run, asks for it again and again.
    private static let known = Locked<[FileStamp: String]>([:])

    /// The digest of the regular file at `path`; a FIFO or device is refused, never waited on.
    ///
    /// A file whose stamp (device, inode, size, modification and change times) this process has
    /// read before is not read again; only the digests of files written two seconds or more
    /// before they were read are kept (``FileStamp/isSettled``).
    package static func sha256(ofFileAt path: String) throws(RegularFile.Failure) -> String {
        let descriptor: FileDescriptor
        switch RegularFile.open(path) {
        case .success(let file): descriptor = file.descriptor
        case .failure(let failure): throw failure
        }
        defer { try? descriptor.close() }
        let stamp = FileStamp(descriptor: descriptor.rawValue)
        if let stamp, let digest = known.withLock({ $0[stamp] }) { return digest }
        let digest = try sha256(reading: descriptor)
        if let stamp, stamp.isSettled {
            known.withLock { known in
                // A server that runs for days while font files are written again keeps no more
                // than this many; a fingerprint names a few dozen.
                if known.count >= 1_024 { known.removeAll(keepingCapacity: true) }
                known[stamp] = digest
            }
        }
        return digest
    }

    private static func sha256(reading descriptor: FileDescriptor) throws(RegularFile.Failure) -> String {
        var hasher = Hasher()
        var buffer = [UInt8](repeating: 0, count: 1 << 20)
        while true {
            let count: Int
            do {
                count = try buffer.withUnsafeMutableBytes { try descriptor.read(into: $0, retryOnInterrupt: true) }
            } catch {
                throw .system(error as? Errno ?? .ioError)
            }
            if count == 0 { break }
            buffer.withUnsafeBufferPointer { hasher.update(UnsafeBufferPointer(rebasing: $0[..<count])) }
        }
        return hasher.hex()
    }

    /// Nettle's running SHA-256.
    private struct Hasher {
        private var context = sha256_ctx()

        init() { wf_sha256_init(&context) }

        mutating func update(_ bytes: UnsafeBufferPointer<UInt8>) {
            guard let base = bytes.baseAddress, !bytes.isEmpty else { return }
            wf_sha256_update(&context, base, bytes.count)
        }

        /// The digest as 64 lower-case hex digits.
        mutating func hex() -> String {
            var digest = [UInt8](repeating: 0, count: 32)
            wf_sha256_digest(&context, &digest)
            let digits = Array("0123456789abcdef".utf8)
            return String(decoding: digest.flatMap { [digits[Int($0 >> 4)], digits[Int($0 & 15)]] }, as: UTF8.self)
        }
    }
}
