import Foundation
import WaterfallCore

extension TemplateSet {
    /// The text of every `*.mustache` file of `directory`, by name (the file name without
    /// `.mustache`): every read of a template folder goes through here.
    ///
    /// - Throws: ``TemplateError`` when the folder is missing or cannot be listed, or a file
    ///   cannot be read, is larger than ``maximumTemplateBytes`` or is not UTF-8.
    static func readTexts(in directory: String) throws(TemplateError) -> [String: String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: directory, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw TemplateError(place: directory, message: "template folder not found")
        }
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: directory).filter { $0.hasSuffix(".mustache") }
                .sorted()
        } catch {
            throw TemplateError(place: directory, message: "cannot list the template folder")
        }
        var templates: [String: String] = [:]
        for file in names {
            let path = (directory as NSString).appendingPathComponent(file)
            let text: String
            switch RegularFile.read(atPath: path, limit: maximumTemplateBytes) {
            case .success(let bytes):
                guard let decoded = String(validating: bytes, as: UTF8.self) else {
                    throw TemplateError(place: path, message: "cannot be read as UTF-8 text")
                }
                text = decoded
            case .failure(.tooLarge):
                throw TemplateError(place: path, message: "is larger than \(maximumTemplateBytes >> 20) MiB")
            case .failure(let failure):
                throw TemplateError(place: path, message: failure.reason)
            }
            templates[String(file.dropLast(".mustache".count))] = text
        }
        return templates
    }
}
