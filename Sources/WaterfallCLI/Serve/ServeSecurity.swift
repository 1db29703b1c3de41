import Foundation
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

    init(host: String) {
        var generator = SystemRandomNumberGenerator()
        token = (0..<32).map { _ in String(format: "%02x", UInt8.random(in: 0...255, using: &generator)) }.joined()
        self.host = host
    }

    /// Whether a request's `Host` names this server: a DNS name that rebinds to loopback does not.
    ///
    /// A server bound to every address (`0.0.0.0`, `::`) cannot know the names it is reached by,
    /// so it takes any.
    func allowsHost(_ authority: String?) -> Bool {
        if ["0.0.0.0", "::", "[::]", ""].contains(host) { return true }
        guard let authority = authority?.lowercased() else { return false }
        let port = self.port.withLock { $0 }
        let names = ["127.0.0.1", "localhost", "[::1]", host.contains(":") ? "[\(host)]" : host.lowercased()]
        return names.contains { authority == "\($0):\(port)" }
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
