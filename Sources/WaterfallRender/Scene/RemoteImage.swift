/// Where an image URL of a spec was found before the scene is built: the file the fetch step
/// stored its bytes in, or why it could not be fetched.
///
/// The scene never fetches: the render pipeline resolves every URL first, so images named by URL
/// are read, checked, sized and drawn exactly as local files are.
public enum RemoteImage: Sendable, Hashable {
    /// The image's bytes, in a local file (the cache).
    case stored(path: String)
    /// Why the image could not be had, as messages say it after the URL (`HTTP 404`).
    case failed(reason: String)

    /// What is wrong with `bytes` as an image file, or `nil` when they start like a whole PNG or
    /// JPEG file: the same header check local images pass.
    public static func headerProblem(in bytes: [UInt8]) -> String? {
        do {
            _ = try ImageFile.header(bytes)
            return nil
        } catch {
            return error.description
        }
    }
}
