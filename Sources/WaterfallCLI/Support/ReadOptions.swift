import ArgumentParser
import Foundation

/// `--allow-read DIR`, on every command that reads specs: folders a spec's files (data files,
/// images, fonts) may be read from besides its root.
struct ReadOptions: ParsableArguments {
    @Option(
        name: .customLong("allow-read"),
        help: ArgumentHelp(
            """
            Let specs read files in this folder too (repeatable). By default a spec reads only inside its root: \
            the nearest folder above it that holds .git, else its own folder.
            """, valueName: "dir"))
    var allowRead: [String] = []

    func validate() throws {
        for folder in allowRead {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else {
                throw ValidationError("--allow-read \(folder.escapedForMessage): no such folder")
            }
            guard isDirectory.boolValue else {
                throw ValidationError("--allow-read \(folder.escapedForMessage): is not a folder")
            }
        }
    }
}
