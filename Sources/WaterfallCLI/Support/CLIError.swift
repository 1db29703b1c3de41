import WaterfallCore

/// An argument the command line cannot act on: one line on standard error, with exit status 2.
///
/// A file that cannot be read or written is a `FileError`, as the libraries throw it.
enum CLIError: UserFacingError {
    case badArgument(String)

    var description: String {
        switch self {
        case .badArgument(let message): message
        }
    }
}
