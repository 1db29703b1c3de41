import Foundation

/// Writes to the standard streams without buffering surprises.
enum Output {
    static func standardOutput(_ text: String) {
        FileHandle.standardOutput.write(Data(text.utf8))
    }

    /// Writes exactly `text`, for progress lines that redraw themselves.
    static func standardErrorRaw(_ text: String) {
        FileHandle.standardError.write(Data(text.utf8))
    }

    static func standardError(_ text: String) {
        FileHandle.standardError.write(Data((text.hasSuffix("\n") ? text : text + "\n").utf8))
    }
}
