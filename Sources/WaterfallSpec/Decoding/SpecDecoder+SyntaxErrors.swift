import Yams

extension SpecDecoder {
    /// The parser's error as a message with its line and column.
    static func syntaxError(_ error: any Error) -> SpecError {
        guard let yamlError = error as? YamlError else {
            return SpecError(location: "", message: "cannot be read: \(error)")
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, _),
            .parser(let context, let problem, let mark, _),
            .composer(let context, let problem, let mark, _):
            let detail = context.map { "\($0.text) " } ?? ""
            if problem.hasPrefix("Maximum nesting level") {
                return SpecError(
                    line: mark.line, column: mark.column, location: "",
                    message: "nested more than \(maximumDepth) levels deep")
            }
            return SpecError(
                line: mark.line, column: mark.column, location: "", message: "syntax error: \(detail)\(problem)")
        case .duplicatedKeysInMapping(let duplicates, let context):
            let keys = duplicates.sorted().map { "\"\($0)\"" }.joined(separator: ", ")
            return SpecError(
                line: context.mark.line, column: context.mark.column, location: "",
                message: "duplicate key \(keys) in a mapping")
        case .reader(let problem, let offset, _, _):
            return SpecError(
                location: "", message: "cannot be read: \(problem)" + (offset.map { " at byte \($0)" } ?? ""))
        default:
            return SpecError(location: "", message: "cannot be read: \(yamlError)")
        }
    }
}
