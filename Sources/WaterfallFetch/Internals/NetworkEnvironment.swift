import Foundation
import WaterfallCore

/// The certificates a fetch trusts: as the curl tool reads them from the environment, with the
/// fetcher's own files added.
struct TrustSettings: Sendable {
    /// A PEM bundle file (`CURL_CA_BUNDLE`, else `SSL_CERT_FILE`); `nil` for libcurl's own (the system's).
    var file: String?
    /// A folder of hashed certificates (`SSL_CERT_DIR`); `nil` for libcurl's own.
    var folder: String?
    /// The bundle and the extra files in one PEM, when there are extra files: it replaces ``file``.
    var certificates: [UInt8]?
}

/// What a fetch takes from the environment, read as curl reads it: the proxy for each URL
/// (`http_proxy`, `https_proxy`/`HTTPS_PROXY`, `all_proxy`/`ALL_PROXY`, less `no_proxy`/`NO_PROXY`)
/// and the certificates (`CURL_CA_BUNDLE`, `SSL_CERT_FILE`, `SSL_CERT_DIR`).
struct NetworkEnvironment: Sendable {
    /// The most bytes read of one certificate file (the system's whole bundle is about 200 kB).
    ///
    /// A FIFO or a device (`/dev/zero`) is refused unread.
    static let maximumCertificateBytes = 16 << 20

    private let variables: [String: String]
    /// The certificates to trust.
    let trust: TrustSettings

    /// Reads `variables`; `extraCertificates` are PEM files trusted besides the bundle.
    ///
    /// When a file cannot be read, the reason, in words, is returned instead.
    static func read(
        _ variables: [String: String], extraCertificates: [String], builtInBundle: String?
    ) -> Result<NetworkEnvironment, FetchFailure> {
        var trust = TrustSettings()
        if let bundle = variables["CURL_CA_BUNDLE"], !bundle.isEmpty {
            trust.file = bundle
        } else {
            trust.folder = variables["SSL_CERT_DIR"].flatMap { $0.isEmpty ? nil : $0 }
            trust.file = variables["SSL_CERT_FILE"].flatMap { $0.isEmpty ? nil : $0 }
        }
        if !extraCertificates.isEmpty {
            var pem: [UInt8] = []
            for file in [trust.file ?? builtInBundle].compactMap({ $0 }) + extraCertificates {
                switch RegularFile.read(atPath: file, limit: maximumCertificateBytes) {
                case .success(let bytes):
                    pem += bytes
                    pem.append(UInt8(ascii: "\n"))
                // A bundle of the environment's that cannot be read is the TLS library's to
                // report, as curl does.
                case .failure where file == trust.file || file == builtInBundle: continue
                case .failure(let failure):
                    return .failure(.other("the certificate file \(file) \(failure.reason)"))
                }
            }
            trust.certificates = pem
        }
        return .success(NetworkEnvironment(variables: variables, trust: trust))
    }

    /// The proxy for a URL of `scheme` (`http`, `https`) to `host`, as the environment names it,
    /// or `nil` to connect directly.
    func proxy(scheme: String, host: String) -> String? {
        let scheme = scheme.lowercased()
        // curl never reads HTTP_PROXY in capitals: a CGI program's environment holds the
        // request's `Proxy:` header under that name.
        let names = scheme == "http" ? ["http_proxy"] : ["\(scheme)_proxy", "\(scheme.uppercased())_PROXY"]
        guard let proxy = (names + ["all_proxy", "ALL_PROXY"]).lazy.compactMap({ variables[$0] }).first,
            !proxy.isEmpty
        else { return nil }
        let bypass = variables["no_proxy"] ?? variables["NO_PROXY"] ?? ""
        return Self.bypasses(bypass, host: host) ? nil : proxy
    }

    /// The proxy as messages name it: `host:port`, without its scheme or a password.
    static func shown(_ proxy: String) -> String {
        var text = Substring(proxy)
        if let scheme = text.range(of: "://") { text = text[scheme.upperBound...] }
        if let at = text.lastIndex(of: "@") { text = text[text.index(after: at)...] }
        if let slash = text.firstIndex(of: "/") { text = text[..<slash] }
        return String(text)
    }

    /// Whether `host` is in `list`, a `no_proxy` value, as libcurl matches it: `*` alone for
    /// every host; else names separated by commas or spaces, each matching itself and every
    /// name under it (`example.com` and `.example.com` both match `img.example.com`), and
    /// addresses matching themselves or, with `/bits`, their network.
    static func bypasses(_ list: String, host: String) -> Bool {
        let trimmed = list.trimmingCharacters(in: .whitespaces)
        if trimmed == "*" { return true }
        var host = host.lowercased()
        if host.hasPrefix("["), host.hasSuffix("]") { host = String(host.dropFirst().dropLast()) }
        if host.hasSuffix(".") { host.removeLast() }
        let address = AddressClass.numericAddress(host)
        for token in trimmed.split(whereSeparator: { $0 == "," || $0 == " " || $0 == "\t" }) {
            var entry = token.lowercased()
            if let address {
                let parts = entry.split(separator: "/", maxSplits: 1).map(String.init)
                if parts.count == 2 {
                    if let network = AddressClass.numericAddress(parts[0]), let bits = Int(parts[1]),
                        Self.network(network, bits: bits, contains: address)
                    {
                        return true
                    }
                } else if AddressClass.numericAddress(entry) == address {
                    return true
                }
                continue
            }
            if entry.hasPrefix(".") { entry.removeFirst() }
            if entry.hasSuffix(".") { entry.removeLast() }
            guard !entry.isEmpty else { continue }
            if host == entry || host.hasSuffix("." + entry) { return true }
        }
        return false
    }

    /// Whether the first `bits` bits of `network` and `address` (both 4 or both 16 bytes) agree.
    private static func network(_ network: [UInt8], bits: Int, contains address: [UInt8]) -> Bool {
        guard network.count == address.count, bits >= 0, bits <= network.count * 8 else { return false }
        for index in 0..<network.count {
            let remaining = bits - index * 8
            guard remaining > 0 else { break }
            let mask: UInt8 = remaining >= 8 ? 0xFF : ~(0xFF >> UInt8(remaining))
            guard network[index] & mask == address[index] & mask else { return false }
        }
        return true
    }
}
