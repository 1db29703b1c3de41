import Foundation
import SystemPackage
import WaterfallCore

extension TemplateSet {
    /// The text of every `*.mustache` file of `directory`, by name (the file name without
    /// `.mustache`): every read of a template folder goes through here.
    ///
    /// - Throws: ``TemplateError`` when the folder is missing or cannot be listed, or a file
    ///   cannot be read, is larger than ``maximumTemplateBytes`` or is not UTF-8.
    static func readTexts(in directory: String) throws(TemplateError) -> [String: String] {
        // The folder as the user named it, with no committed link on the way inside the current
        // folder; each file beneath it, never through a link.
        let folder: FileDescriptor
        switch NamedFolder.open(directory) {
        case .success(let opened): folder = opened
        case .failure(.link(let link)):
            throw TemplateError(place: directory, message: NamedFolder.Failure.link(link).reason)
        case .failure:
            throw TemplateError(place: directory, message: "template folder not found")
        }
        defer { try? folder.close() }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".mustache") }
                .sorted()
        } catch {
            throw TemplateError(place: directory, message: "cannot list the template folder")
        }
        var templates: [String: String] = [:]
        for file in names {
            let path = Path.join(directory, file)
            let text: String
            let read = RegularFile.open(file, beneath: folder, links: .none).flatMap { opened in
                defer { try? opened.descriptor.close() }
                return RegularFile.read(opened.descriptor, expected: opened.size, limit: maximumTemplateBytes)
            }
            switch read {
            case .success(let bytes):
                guard let decoded = String(validating: bytes, as: UTF8.self) else {
                    throw TemplateError(place: path, message: "cannot be read as UTF-8 text")
                }
                text = decoded
            case .failure(.tooLarge):
                throw TemplateError(place: path, message: "is larger than \(maximumTemplateBytes >> 20) MiB")
            case .failure(let failure) where failure.isLink:
                throw TemplateError(
                    place: path, message: "is a symbolic link; templates are read only as regular files")
            case .failure(let failure):
                throw TemplateError(place: path, message: failure.reason)
            }
            templates[String(file.dropLast(".mustache".count))] = text
        }
        return templates
    }
}
