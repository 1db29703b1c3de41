import Foundation
import WaterfallCore

extension SpecDecoder {
    /// Refuses the file a spec names at `field` (`path`, from the spec's folder) when the kernel
    /// will not open it beneath the spec's `ReadRule` (``ReadRule/open(_:relativeTo:)``); a
    /// file that is missing or unreadable inside is left to its reader to name.
    ///
    /// The refusal names the key path and the path as written, and nothing else: the file is
    /// neither read nor said to exist. Every reader opens the file through the rule again, so
    /// a rename after this check reaches nothing outside either.
    ///
    /// - Parameter written: The path as the spec or data file writes it, for the message.
    func checkReadable(_ path: String, at field: Field, written: String? = nil) throws(SpecError) {
        switch readRule.open(path, relativeTo: baseDirectory) {
        case .success(let file): try? file.descriptor.close()
        case .failure(.file): return
        case .failure(let failure): throw field.error("\(written ?? path) \(readRule.reason(failure))")
        }
    }

    /// An item's local image path as the renderers read it (relative to the spec's folder), once
    /// the rule lets it be read; a URL is returned as it is.
    ///
    /// A data file's image paths are relative to the data file's folder (``imageFolder``).
    ///
    /// The first place each path is written is kept (``Spec/imagePlaces``), for the messages
    /// about the file that drawing the spec may give.
    mutating func localImage(_ path: String, at field: Field) throws(SpecError) -> String {
        let image: String
        if ImageURL.scheme(of: path) != nil {
            image = path
        } else {
            image = Path.resolve(path, from: imageFolder)
            try checkReadable(image, at: field, written: path)
        }
        if imagePlaces[image] == nil {
            imagePlaces[image] = SpecPlace(
                dataFile: dataFileName, line: field.node.mark?.line, column: field.node.mark?.column,
                location: field.path)
        }
        return image
    }
}
