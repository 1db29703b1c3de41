import Foundation
import Testing
import WaterfallTestSupport

@testable import WaterfallFetch

/// The extra certificate files a fetch trusts are read as every file the tool did not make:
/// a regular file only, never waited on, never read past a bound.
@Suite struct CertificateFileTests {
    static let pem = "-----BEGIN CERTIFICATE-----\nMIIB\n-----END CERTIFICATE-----\n"

    static func failure(_ file: String) -> String? {
        switch NetworkEnvironment.read([:], extraCertificates: [file], builtInBundle: nil) {
        case .success: nil
        case .failure(let failure): failure.description
        }
    }

    @Test func theBundleAndEachExtraFileAreJoined() throws {
        let folder = try TemporaryFolder()
        try Self.pem.write(toFile: folder.path("bundle.pem"), atomically: true, encoding: .utf8)
        try "extra".write(toFile: folder.path("extra.pem"), atomically: true, encoding: .utf8)
        let read = NetworkEnvironment.read(
            ["SSL_CERT_FILE": folder.path("bundle.pem")], extraCertificates: [folder.path("extra.pem")],
            builtInBundle: nil)
        let trust = try read.get().trust
        #expect(trust.certificates.map { String(decoding: $0, as: UTF8.self) } == Self.pem + "\n" + "extra\n")
    }

    /// A bundle named by the environment that is missing is left to the TLS library, as curl does.
    @Test func aMissingBundleOfTheEnvironmentsIsLeftToTheTLSLibrary() throws {
        let folder = try TemporaryFolder()
        try "extra".write(toFile: folder.path("extra.pem"), atomically: true, encoding: .utf8)
        let read = NetworkEnvironment.read(
            ["SSL_CERT_FILE": folder.path("none.pem")], extraCertificates: [folder.path("extra.pem")],
            builtInBundle: nil)
        #expect(try read.get().trust.certificates == Array("extra\n".utf8))
    }

    @Test func anExtraFileThatCannotBeReadIsNamedWithItsReason() throws {
        let folder = try TemporaryFolder()
        let missing = folder.path("none.pem")
        #expect(Self.failure(missing) == "the certificate file \(missing) no such file")
        #expect(Self.failure(folder.path) == "the certificate file \(folder.path) is a directory")
    }

    /// A FIFO with no writer is refused before a byte is read: reading it would wait for ever.
    @Test(.onWaitingThreads, .timeLimit(.minutes(1))) func aFIFOIsRefusedWithoutWaitingForAWriter() throws {
        let folder = try TemporaryFolder()
        let fifo = folder.path("pipe.pem")
        try #require(mkfifo(fifo, 0o600) == 0)
        #expect(Self.failure(fifo)?.hasSuffix("is not a regular file (a FIFO, a device or a socket)") == true)
        // A device that never ends is refused too, not read until memory runs out.
        #expect(Self.failure("/dev/zero")?.hasSuffix("is not a regular file (a FIFO, a device or a socket)") == true)
    }

    @Test func aFileOverTheBoundIsRefused() throws {
        let folder = try TemporaryFolder()
        let large = folder.path("large.pem")
        #expect(FileManager.default.createFile(atPath: large, contents: nil))
        let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: large))
        try handle.truncate(atOffset: UInt64(NetworkEnvironment.maximumCertificateBytes + 1))
        try handle.close()
        #expect(Self.failure(large) == "the certificate file \(large) is too large")
    }
}
