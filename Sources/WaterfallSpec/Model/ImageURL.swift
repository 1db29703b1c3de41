/// Images a spec names by an `http:` or `https:` URL rather than a file path.
///
/// The decoder accepts a URL only when ``problem(in:)`` finds nothing wrong with it; the render
/// pipeline fetches such images into a cache before the scene is built.
public enum ImageURL {
    /// The longest URL accepted, in characters.
    public static let maximumLength = 2048

    /// Whether `image`, as the decoder accepted it, is a URL rather than a file path.
    public static func isURL(_ image: String) -> Bool {
        scheme(of: image).map { ["http", "https"].contains($0) } ?? false
    }

    /// The scheme in lower case (`https`), when `text` starts with one.
    ///
    /// A scheme is a letter, then letters, digits, `+`, `-` or `.`, then `:`. One letter before
    /// the colon is a drive (`C:\a.png`), not a scheme.
    public static func scheme(of text: String) -> String? {
        guard let colon = text.firstIndex(of: ":") else { return nil }
        let scheme = text[..<colon]
        guard scheme.count > 1, let first = scheme.unicodeScalars.first, first.isASCIILetter,
            scheme.unicodeScalars.allSatisfy({
                $0.isASCIILetter || $0.isASCIIDigit || "+-.".unicodeScalars.contains($0)
            })
        else { return nil }
        return scheme.lowercased()
    }

    /// The host a URL names, in lower case, without brackets around an IPv6 address; `nil` when
    /// `url` is not an `http:` or `https:` URL with a host.
    public static func host(of url: String) -> String? {
        guard isURL(url), let start = url.range(of: "://") else { return nil }
        let authority = url[start.upperBound...].prefix { !"/?#".contains($0) }
        var host = Substring(authority)
        if host.hasPrefix("[") {
            guard let close = host.firstIndex(of: "]") else { return nil }
            host = host[host.index(after: host.startIndex)..<close]
        } else if let colon = host.lastIndex(of: ":") {
            host = host[..<colon]
        }
        return host.isEmpty ? nil : host.lowercased()
    }

    /// What is wrong with `url` as an image URL, or `nil` when it can be fetched: the scheme
    /// `http` or `https`, a host, no user name or password, printable ASCII only (other
    /// characters percent-encoded), and at most ``maximumLength`` characters.
    public static func problem(in url: String) -> String? {
        guard let scheme = scheme(of: url) else { return "is not a URL" }
        guard scheme == "http" || scheme == "https" else {
            return "must be a local file path or an http(s) URL, not a \"\(scheme):\" URL"
        }
        guard url.utf8.count <= maximumLength else {
            return "is a URL of \(url.utf8.count) characters; at most \(maximumLength) are allowed"
        }
        if let bad = url.unicodeScalars.first(where: { !Self.allowed.contains($0) }) {
            let shown = bad == " " ? "a space" : "\"\(bad)\""
            return "must be a valid URL (\(shown) must be percent-encoded)"
        }
        guard let start = url.range(of: "://") else { return "must be a URL of the form \(scheme)://host/path" }
        let authority = url[start.upperBound...].prefix { !"/?#".contains($0) }
        guard !authority.contains("@") else { return "must not hold a user name or password" }
        guard let host = host(of: url) else { return "must name a host (\(scheme)://host/path)" }
        let hostAllowed = host.unicodeScalars.allSatisfy {
            $0.isASCIILetter || $0.isASCIIDigit || "-._:".unicodeScalars.contains($0)
        }
        guard hostAllowed else { return "has a host that is not a name or an address (\"\(host)\")" }
        if !authority.hasPrefix("["), let colon = authority.lastIndex(of: ":") {
            let port = authority[authority.index(after: colon)...]
            guard !port.isEmpty, port.count <= 5, port.allSatisfy(\.isASCIIDigit), let number = Int(port),
                (1...65535).contains(number)
            else { return "has a port that is not a number from 1 to 65535" }
        }
        return nil
    }

    /// RFC 3986's unreserved and reserved characters and `%`.
    private static let allowed = Set(
        "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-._~:/?#[]@!$&'()*+,;=%".unicodeScalars)
}

extension Spec {
    /// The distinct image URLs of every item, in the order they first appear.
    public var imageURLs: [String] {
        var seen = Set<String>()
        var urls: [String] = []
        for section in sections {
            for item in section.items {
                if let image = item.image, ImageURL.isURL(image), seen.insert(image).inserted { urls.append(image) }
            }
        }
        return urls
    }
}

extension Unicode.Scalar {
    fileprivate var isASCIILetter: Bool { ("a"..."z").contains(self) || ("A"..."Z").contains(self) }
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}

extension Character {
    fileprivate var isASCIIDigit: Bool { ("0"..."9").contains(self) }
}
