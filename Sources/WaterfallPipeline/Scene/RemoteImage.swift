import WaterfallCore
import WaterfallRender

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

    /// `bytes` as an image to decode, checked as local images are (header and pixel size), or
    /// what is wrong with them; `path` is the spelling messages use.
    public static func image(from bytes: [UInt8], path: String) -> Result<SceneImage, Problem> {
        do {
            return .success(try ImageFile.image(bytes, path: path, id: 0, budget: PixelBudget()))
        } catch {
            return .failure(Problem(description: error.description))
        }
    }

    /// What is wrong with an image's bytes, as messages say it after "the data".
    public struct Problem: Error, Sendable, CustomStringConvertible {
        /// What is wrong, as it follows "the data".
        public var description: String
    }
}
