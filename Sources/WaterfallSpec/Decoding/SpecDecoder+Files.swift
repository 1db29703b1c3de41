import Foundation
import WaterfallCore

extension SpecDecoder {
    /// Where to read the file a spec names at `field`: `path` from the spec's folder, links
    /// followed and `..` removed; refused when that lies outside the spec's `ReadRule`.
    ///
    /// The refusal names the key path and the path as written, and nothing else: the file is
    /// neither opened nor said to exist.
    ///
    /// - Parameter written: The path as the spec or data file writes it, for the message.
    func readablePath(_ path: String, at field: Field, written: String? = nil) throws(SpecError) -> String {
        let joined =
            path.hasPrefix("/") || baseDirectory == "."
            ? path : (baseDirectory as NSString).appendingPathComponent(path)
        switch readRule.resolution(of: joined) {
        case .inside(let resolved): return resolved
        case .outside: throw field.error("\(written ?? path) is \(readRule.widening)")
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
            image =
                imageFolder.isEmpty || path.hasPrefix("/")
                ? path : (imageFolder as NSString).appendingPathComponent(path)
            _ = try readablePath(image, at: field, written: path)
        }
        if imagePlaces[image] == nil {
            imagePlaces[image] = SpecPlace(
                dataFile: dataFileName, line: field.node.mark?.line, column: field.node.mark?.column,
                location: field.path)
        }
        return image
    }
}
