import Foundation
import WaterfallCore

/// The specs of a folder: its `.yaml`, `.yml` and `.json` files, sorted by name.
///
/// Only regular files (links followed) are specs: a FIFO, socket or device with a spec's name is
/// never opened, since reading it could wait for ever. It is listed apart, so that the command
/// can say so in one line and go on with the rest of the folder.
public enum SpecFolder {
    /// What a folder holds.
    public struct Contents: Equatable, Sendable {
        /// The paths of its specs.
        public var specs: [String]
        /// The paths of the entries with a spec's name that are not regular files.
        public var skipped: [String]
    }

    /// The names a spec file ends with.
    public static let extensions = [".yaml", ".yml", ".json"]

    /// The specs in `folder`; a folder that cannot be read, or holds no spec, is an error.
    public static func scan(_ folder: String) throws(FileError) -> Contents {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: folder)
        } catch {
            throw FileError(path: folder, message: "the folder cannot be read")
        }
        var contents = Contents(specs: [], skipped: [])
        for name in names.filter({ name in extensions.contains(where: name.hasSuffix) }).sorted() {
            let path = Path.join(folder, name)
            if RegularFile.isRegular(path) { contents.specs.append(path) } else { contents.skipped.append(path) }
        }
        guard !contents.specs.isEmpty else {
            throw FileError(path: folder, message: "has no .yaml, .yml or .json specs")
        }
        return contents
    }

    /// The line that says an entry was left out.
    public static func skippedLine(_ path: String) -> String {
        "warning: \(path): not a regular file (a FIFO, a device or a socket); skipped"
    }

    /// `arguments` with every folder replaced by its specs.
    ///
    /// - Parameters:
    ///   - arguments: Spec files and folders, as the user gave them.
    ///   - skipped: Called with ``skippedLine(_:)`` for each entry left out.
    public static func expand(_ arguments: [String], skipped: (String) -> Void) throws(FileError) -> [String] {
        var specs: [String] = []
        for argument in arguments {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: argument, isDirectory: &isDirectory), isDirectory.boolValue
            else {
                specs.append(argument)
                continue
            }
            let contents = try scan(argument)
            for path in contents.skipped { skipped(skippedLine(path)) }
            specs += contents.specs
        }
        return specs
    }
}
