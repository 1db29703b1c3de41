import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// The images of one spec, read, checked and numbered once, shared by the card sizer and the
/// scene builder so that a file is read once whoever asks first.
public final class SceneImages {
    private var store: ImageStore
    private let places: [String: SpecPlace]

    /// Creates the image set of a spec; no file is read until an image is asked for.
    ///
    /// - Parameters:
    ///   - base: The folder relative paths are read from.
    ///   - readRule: The folders images may be read from (the spec's `Spec.readRule`); `nil`
    ///     reads them wherever they are.
    ///   - validator: Decodes an image once to prove it whole; `nil` checks only its header.
    ///   - remote: Where each image URL of the spec was resolved to; a URL not in it cannot be read.
    ///   - places: Where the spec writes each image path (`Spec.imagePlaces`), for the line and
    ///     column of a message about its file.
    public init(
        base: String, readRule: ReadRule? = nil, validator: (@Sendable (SceneImage) throws -> Void)? = nil,
        remote: [String: RemoteImage] = [:], places: [String: SpecPlace] = [:]
    ) {
        store = ImageStore(base: base, readRule: readRule, validator: validator, remote: remote)
        self.places = places
    }

    /// The image at `path`, relative to the spec's folder.
    func image(_ path: String) throws(ImageFile.Problem) -> SceneImage {
        try store.image(path)
    }

    /// The image at `path` for the item at `location`, or the error that names it where the spec
    /// writes it: the file, line and column, as a decoding error does (`location` of `file`
    /// when the place is not known).
    func image(_ path: String, file: String?, location: String) throws(SpecError) -> SceneImage {
        do {
            return try store.image(path)
        } catch {
            let place = places[path] ?? SpecPlace(location: location)
            throw place.error("\(path) \(error)", spec: file)
        }
    }
}
