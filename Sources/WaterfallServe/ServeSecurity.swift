import Foundation
import WaterfallCore
import WaterfallPipeline

/// What keeps other sites out: the per-run token every state-changing request carries, and the
/// `Host` and `Origin` a request may name.
struct ServeSecurity: Sendable {
    /// 32 random bytes as hex, new on every run; pages that may post get it embedded.
    let token: String
    /// The address the server listens on, as given.
    let host: String
    /// The port it listens on, known once it is bound (`--port 0` picks one).
    let port = Locked(0)

    /// The header a script sends the token in; a form sends it as the field `token`.
    static let tokenHeader = "X-Waterfall-Token"

    /// The names and addresses a request's `Host` may give (lower case, IPv6 in brackets).
    let hostNames: Set<String>

    /// - Parameter allowedHosts: Further names a request may be for (`--allow-host`): a name
    ///   this machine is reached by through a proxy or a DNS entry of its own.
    init(host: String, allowedHosts: [String] = []) {
        var generator = SystemRandomNumberGenerator()
        token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        self.host = host
        var names: Set<String> = ["127.0.0.1", "localhost", "[::1]", Self.bracketed(host.lowercased())]
        for name in allowedHosts { names.insert(Self.bracketed(name.lowercased())) }
        // Bound to every address, the server is reached by the machine's own names and addresses;
        // any other name is a DNS name someone else controls (DNS rebinding).
        if Self.isWildcard(host) { names.formUnion(Self.machineNames()) }
        hostNames = names
    }

    /// Whether `host` means every address.
    static func isWildcard(_ host: String) -> Bool { ["0.0.0.0", "::", "[::]", ""].contains(host) }

    /// `host` as a `Host` header writes it: an IPv6 address in brackets.
    static func bracketed(_ host: String) -> String {
        host.contains(":") && !host.hasPrefix("[") ? "[\(host)]" : host
    }

    /// This machine's host name and the addresses of its interfaces.
    static func machineNames() -> Set<String> {
        var names: Set<String> = []
        var buffer = [CChar](repeating: 0, count: 256)
        if gethostname(&buffer, buffer.count - 1) == 0 {
            let name = String(decoding: buffer.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            if !name.isEmpty { names.insert(name.lowercased()) }
        }
        var list: UnsafeMutablePointer<ifaddrs>?
        guard getifaddrs(&list) == 0, let first = list else { return names }
        defer { freeifaddrs(list) }
        var entry: UnsafeMutablePointer<ifaddrs>? = first
        while let current = entry {
            defer { entry = current.pointee.ifa_next }
            guard let address = current.pointee.ifa_addr else { continue }
            let family = Int32(address.pointee.sa_family)
            guard family == AF_INET || family == AF_INET6 else { continue }
            var text = [CChar](repeating: 0, count: Int(NI_MAXHOST))
            let length = socklen_t(family == AF_INET ? MemoryLayout<sockaddr_in>.size : MemoryLayout<sockaddr_in6>.size)
            guard getnameinfo(address, length, &text, socklen_t(text.count), nil, 0, NI_NUMERICHOST) == 0 else {
                continue
            }
            var name = String(decoding: text.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
            // A link-local address's zone (`fe80::1%eth0`) is not written in a `Host`.
            if let percent = name.firstIndex(of: "%") { name = String(name[..<percent]) }
            names.insert(bracketed(name.lowercased()))
        }
        return names
    }

    /// Whether a request's `Host` names this server: one of ``hostNames`` and the port it
    /// listens on; a DNS name that rebinds to this machine does not.
    func allowsHost(_ authority: String?) -> Bool {
        guard let authority = authority?.lowercased(), !authority.isEmpty else { return false }
        let port = self.port.withLock { $0 }
        var name = authority
        var given: Int?
        if let colon = authority.lastIndex(of: ":"), !authority[colon...].contains("]") {
            name = String(authority[..<colon])
            guard let number = Int(authority[authority.index(after: colon)...]) else { return false }
            given = number
        }
        guard (given ?? 80) == port else { return false }
        return hostNames.contains(name)
    }

    /// Whether a request from a browser comes from a page of this server.
    ///
    /// Browsers send `Origin` with every POST, and `Sec-Fetch-Site`; a request without them is not
    /// a browser's, and only the token guards it.
    func allowsOrigin(_ origin: String?, fetchSite: String?, authority: String?) -> Bool {
        if let fetchSite, !["same-origin", "none"].contains(fetchSite.lowercased()) { return false }
        guard let origin else { return true }
        guard let authority else { return false }
        return origin.lowercased() == "http://" + authority.lowercased()
    }

    /// Whether `given` is this run's token, compared in time that does not depend on where they differ.
    func accepts(token given: String?) -> Bool {
        guard let given else { return false }
        let a = Array(given.utf8)
        let b = Array(token.utf8)
        guard a.count == b.count else { return false }
        return zip(a, b).reduce(UInt8(0)) { $0 | ($1.0 ^ $1.1) } == 0
    }

    /// The `token` field of a form body (`application/x-www-form-urlencoded`).
    static func formToken(_ body: String) -> String? {
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1, omittingEmptySubsequences: false)
            guard parts.count == 2, parts[0] == "token" else { continue }
            return String(parts[1]).replacingOccurrences(of: "+", with: " ").removingPercentEncoding
        }
        return nil
    }
}
