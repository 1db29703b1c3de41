import Foundation

/// A self-signed certificate for `127.0.0.1` and `localhost`, made with the `openssl` command for
/// one test and valid for a day: the TLS test server presents it, and a client that trusts its
/// file accepts it.
public struct TestCertificate: Sendable {
    /// The folder holding both files; remove it with ``remove()``.
    public let folder: String
    /// The certificate, PEM.
    public var certificateFile: String { folder + "/certificate.pem" }
    /// Its private key, PEM.
    public var keyFile: String { folder + "/key.pem" }

    /// Makes a new key and certificate in a folder of their own.
    ///
    /// - Parameter names: The names and addresses it is for, as OpenSSL's `subjectAltName` says them.
    public init(names: String = "IP:127.0.0.1,DNS:localhost") throws {
        folder = NSTemporaryDirectory() + "waterfall-tls-" + UUID().uuidString
        try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes",
            "-keyout", folder + "/key.pem", "-out", folder + "/certificate.pem", "-days", "1",
            "-subj", "/CN=localhost", "-addext", "subjectAltName=" + names,
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            throw CocoaError(.fileWriteUnknown, userInfo: [NSLocalizedDescriptionKey: "openssl req failed"])
        }
    }

    public func remove() { try? FileManager.default.removeItem(atPath: folder) }
}
