import WaterfallCore
import WaterfallSpec

/// A failure the command line reports as one line on standard error, with exit status 2.
enum CLIError: UserFacingError {
    case spec(SpecError)
    case badArgument(String)
    case io(path: String, message: String)

    var description: String {
        switch self {
        case .spec(let error): error.description
        case .badArgument(let message): message
        case .io(let path, let message): "\(path): \(message)"
        }
    }
}
