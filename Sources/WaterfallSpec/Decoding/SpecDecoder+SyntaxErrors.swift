import Yams

extension SpecDecoder {
    /// The parser's error as a message with its line and column.
    static func syntaxError(_ error: any Error) -> SpecError {
        guard let yamlError = error as? YamlError else {
            return SpecError(location: "", message: "cannot be read: \(error)")
        }
        switch yamlError {
        case .scanner(let context, let problem, let mark, let yaml),
            .parser(let context, let problem, let mark, let yaml),
            .composer(let context, let problem, let mark, let yaml):
            if problem.hasPrefix("Maximum nesting level") {
                return SpecError(
                    line: mark.line, column: mark.column, location: "",
                    message: "nested more than \(maximumDepth) levels deep")
            }
            if let plain = plainWords(context: context, problem: problem, mark: mark, yaml: yaml) { return plain }
            let detail = context.map { "\($0.text) " } ?? ""
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

    /// The common mistakes libyaml names in its own terms, said in plain words at the place that
    /// caused them: a tab used to indent, a bracket or a quote never closed (libyaml says where it
    /// noticed, often the line after), a bracket closed by the other kind.
    private static func plainWords(
        context: YamlError.Context?, problem: String, mark: Mark, yaml: String
    ) -> SpecError? {
        let text = SourceLines(yaml)
        if problem == "found character that cannot start any token", let character = text.character(at: mark) {
            if character == "\t" {
                let line = text.line(mark.line) ?? []
                let indent = line.prefix { $0 == " " || $0 == "\t" }
                guard indent.count >= mark.column else {
                    return SpecError(
                        line: mark.line, column: mark.column, location: "",
                        message: "a tab cannot start a value here; YAML separates with spaces")
                }
                let column = (indent.firstIndex(of: "\t") ?? 0) + 1
                return SpecError(
                    line: mark.line, column: column, location: "",
                    message: "a tab is used for indentation; YAML indents with spaces")
            }
            if character == "@" || character == "`" {
                return SpecError(
                    line: mark.line, column: mark.column, location: "",
                    message: "\(character) cannot start a plain value in YAML; put the value in quotes")
            }
        }
        if let context, context.text == "while scanning a quoted scalar", problem == "found unexpected end of stream",
            let quote = text.character(at: context.mark)
        {
            return SpecError(
                line: context.mark.line, column: context.mark.column, location: "",
                message: "this \(quote) is never closed")
        }
        let flow: (opening: Character, closing: Character)? =
            switch problem {
            case "did not find expected ',' or ']'": ("[", "]")
            case "did not find expected ',' or '}'": ("{", "}")
            default: nil
            }
        if let context, let flow, text.character(at: context.mark) == flow.opening {
            let found = text.character(at: mark)
            if let found, found == "]" || found == "}", found != flow.closing {
                return SpecError(
                    line: mark.line, column: mark.column, location: "",
                    message:
                        "this \(found) does not close the \(flow.opening) opened at "
                        + "\(context.mark.line):\(context.mark.column); \(flow.closing) does")
            }
            if found == nil || mark.line > context.mark.line {
                return SpecError(
                    line: context.mark.line, column: context.mark.column, location: "",
                    message: "this \(flow.opening) is never closed")
            }
            return SpecError(
                line: mark.line, column: mark.column, location: "",
                message:
                    "expected , or \(flow.closing) in the \(flow.opening) opened at "
                    + "\(context.mark.line):\(context.mark.column)")
        }
        if problem == "did not find expected node content", text.character(at: mark) == nil,
            let opening = text.lastUnclosedBracket()
        {
            return SpecError(
                line: opening.line, column: opening.column, location: "",
                message: "this \(opening.bracket) is never closed")
        }
        return nil
    }
}

/// A document's lines, to look at the character at a parser's mark (columns counted in
/// characters, as libyaml counts them: Unicode scalars).
private struct SourceLines {
    let lines: [[Unicode.Scalar]]

    init(_ text: String) {
        var lines: [[Unicode.Scalar]] = [[]]
        var previous: Unicode.Scalar?
        for scalar in text.unicodeScalars {
            if scalar == "\n" {
                if previous != "\r" { lines.append([]) }
            } else if scalar == "\r" {
                lines.append([])
            } else {
                lines[lines.count - 1].append(scalar)
            }
            previous = scalar
        }
        self.lines = lines
    }

    /// Line `number` (1-based), without its line break.
    func line(_ number: Int) -> [Unicode.Scalar]? {
        number >= 1 && number <= lines.count ? lines[number - 1] : nil
    }

    /// The character at `mark`, or `nil` at the end of a line or of the document.
    func character(at mark: Mark) -> Character? {
        guard let line = line(mark.line), mark.column >= 1, mark.column <= line.count else { return nil }
        return Character(line[mark.column - 1])
    }

    /// The last `[` or `{` that no bracket closes, outside quotes and comments, with its place.
    func lastUnclosedBracket() -> (bracket: Character, line: Int, column: Int)? {
        var open: [(bracket: Character, line: Int, column: Int)] = []
        for (index, line) in lines.enumerated() {
            var quote: Unicode.Scalar?
            var escaped = false
            var previous: Unicode.Scalar = " "
            scan: for (column, scalar) in line.enumerated() {
                defer { previous = scalar }
                if let open = quote {
                    if escaped {
                        escaped = false
                    } else if open == "\"", scalar == "\\" {
                        escaped = true
                    } else if scalar == open {
                        quote = nil
                    }
                    continue
                }
                let startsToken = previous == " " || previous == "\t" || "[{,:".unicodeScalars.contains(previous)
                switch scalar {
                case "\"" where startsToken, "'" where startsToken: quote = scalar
                case "#" where previous == " " || previous == "\t" || column == 0: break scan
                case "[", "{": open.append((Character(scalar), index + 1, column + 1))
                case "]", "}": if !open.isEmpty { open.removeLast() }
                default: break
                }
            }
        }
        return open.last
    }
}
