import Foundation
import WaterfallCairo
import WaterfallCore
import WaterfallRender

/// Images fetched from URLs, kept on disk by URL, so that a second run makes no request and
/// draws the same bytes.
///
/// Each URL is a pair of files named after the SHA-256 of the URL: `KEY.image` holds the bytes
/// as the server sent them, `KEY.json` the URL and its content type. Both are written through
/// `AtomicFile` (the image first), and an entry counts only when its `.json` names the very URL
/// asked for, so a reader never takes half an entry or another URL's bytes.
public struct ImageURLCache: Sendable {
    /// The folder entries are kept in.
    public var folder: String

    /// Creates a cache kept in `folder`.
    public init(folder: String) {
        self.folder = folder
    }

    /// The platform's cache folder for waterfall: `$XDG_CACHE_HOME/waterfall`, else
    /// `~/.cache/waterfall` (`~/Library/Caches/waterfall` on macOS).
    public static func defaultFolder(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CACHE_HOME"], xdg.hasPrefix("/") {
            return Path.join(xdg, "waterfall")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        #if os(macOS)
        return Path.join(home, "Library/Caches/waterfall")
        #else
        return Path.join(home, ".cache/waterfall")
        #endif
    }

    private struct Entry: Codable {
        var url: String
        var contentType: String
    }

    /// The file holding `url`'s image, when the cache has it.
    public func file(for url: String) -> String? {
        let key = Self.key(url)
        let image = path(key + ".image")
        guard case .success(let bytes) = RegularFile.read(atPath: path(key + ".json"), limit: 1 << 20),
            let entry = try? JSONDecoder().decode(Entry.self, from: Data(bytes)), entry.url == url,
            RegularFile.isRegular(image)
        else { return nil }
        return image
    }

    /// Keeps `image` for its URL and returns the file that holds it.
    public func store(_ image: FetchedImage) throws(FileError) -> String {
        do {
            try FileManager.default.createDirectory(atPath: folder, withIntermediateDirectories: true)
        } catch {
            throw FileError(path: folder, message: "cannot create the image cache folder")
        }
        let key = Self.key(image.url)
        let file = path(key + ".image")
        try AtomicFile.write(image.bytes, to: file)
        let entry = (try? JSONOutput.encode(Entry(url: image.url, contentType: image.contentType))) ?? []
        try AtomicFile.write(entry, to: path(key + ".json"))
        return file
    }

    /// 64 hexadecimal digits of the URL's SHA-256.
    static func key(_ url: String) -> String { FileDigest.sha256(of: Array(url.utf8)) }

    private func path(_ name: String) -> String { Path.join(folder, name) }
}
