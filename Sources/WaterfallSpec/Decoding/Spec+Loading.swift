import Foundation
import SystemPackage
import WaterfallCore

extension Spec {
    /// Decodes a spec from its text (JSON or YAML).
    ///
    /// - Parameters:
    ///   - text: The document.
    ///   - file: The name to put in error messages. A name that ends in `.json` holds the text to
    ///     JSON's grammar: what only YAML reads (a trailing comma, a comment) is refused.
    ///   - baseDirectory: Where relative image paths are resolved.
    ///   - keepingInputs: Whether to keep the document and the data records read, normalized, as
    ///     ``Spec/inputs``.
    ///   - readRule: The folders the spec's files may be read from; by default the root of
    ///     `baseDirectory` (see `ReadRule.forSpec(inFolder:allowing:)`).
    public static func decode(
        _ text: String, file: String? = nil, baseDirectory: String = ".", keepingInputs: Bool = false,
        readRule: ReadRule? = nil
    ) throws(SpecError) -> Spec {
        do {
            var spec = try SpecDecoder.decode(
                text, baseDirectory: baseDirectory, readRule: readRule ?? .forSpec(inFolder: baseDirectory),
                keepsInputs: keepingInputs, strictJSON: file?.lowercased().hasSuffix(".json") ?? false)
            spec.source = file
            return spec
        } catch {
            // An error inside a data file (`itemsFrom`) names that file, not the spec.
            throw error.file == nil ? file.map { error.inFile($0) } ?? error : error
        }
    }

    /// Decodes the spec its recorded inputs describe: the document decoded as the file was, each
    /// `itemsFrom` given the records it read then instead of reading its data file again.
    ///
    /// What a check lays out to tell what each changed input did on its own: the inputs recorded
    /// with the baselines, one change applied. Images and fonts are read as any spec's are.
    ///
    /// - Parameters:
    ///   - inputs: The recorded document and data records (``Spec/inputs`` of a spec loaded with
    ///     `keepingInputs`).
    ///   - file: The name to put in error messages.
    ///   - baseDirectory: Where relative image paths are resolved.
    ///   - readRule: The folders the spec's files may be read from; by default the root of
    ///     `baseDirectory`.
    /// - Throws: ``SpecError`` when the inputs hold no document, or the document or records are
    ///   not a spec's.
    public static func decode(
        inputs: SpecInputs, file: String? = nil, baseDirectory: String = ".", readRule: ReadRule? = nil
    ) throws(SpecError) -> Spec {
        do {
            var spec = try SpecDecoder.decode(
                inputs: inputs, baseDirectory: baseDirectory,
                readRule: readRule ?? .forSpec(inFolder: baseDirectory))
            spec.source = file
            return spec
        } catch {
            throw error.file == nil ? file.map { error.inFile($0) } ?? error : error
        }
    }

    /// Reads and decodes the spec at `path`, or standard input when `path` is `-`; with
    /// `keepingInputs`, keeps what it was read from as ``Spec/inputs``.
    ///
    /// Every file the spec names is read only inside its `ReadRule`: the spec's root (the
    /// nearest folder above it that holds `.git`, else its own folder; the current folder's for
    /// standard input), or `roots` when given, widened by the folders in `allowing`. A spec file
    /// that is a link out of those folders is refused too.
    ///
    /// - Parameters:
    ///   - path: The spec file, or `-` for standard input.
    ///   - keepingInputs: Whether to keep the document and the data records read, normalized, as
    ///     ``Spec/inputs``.
    ///   - allowing: Folders files may be read from besides the root (`--allow-read`).
    ///   - roots: The roots instead of the spec's own (`serve`'s served folders).
    public static func load(
        path: String, keepingInputs: Bool = false, allowing: [String] = [], roots: [String]? = nil
    ) throws(SpecError) -> Spec {
        let base = path == "-" ? "." : path.folderPart
        let folder = base.isEmpty ? "." : base
        let rule = roots.map { ReadRule(folders: $0 + allowing) } ?? .forSpec(inFolder: folder, allowing: allowing)
        if path != "-", let name = Path.lastComponent(of: path) {
            switch rule.open(name, relativeTo: folder) {
            case .success(let file): try? file.descriptor.close()
            case .failure(.file): break
            case .failure(.outside): throw SpecError(file: path, location: "", message: "leads \(rule.widening)")
            case .failure(let failure): throw SpecError(file: path, location: "", message: rule.reason(failure))
            }
        }
        let bytes = try readBytes(path)
        guard let text = String(validating: bytes, as: UTF8.self) else {
            let offset = firstInvalidUTF8Offset(bytes)
            throw SpecError(file: path, location: "", message: "is not UTF-8 text (bad byte at offset \(offset))")
        }
        if text.allSatisfy(\.isWhitespace) {
            throw SpecError(file: path, location: "", message: "the file is empty")
        }
        var spec = try decode(
            text, file: path, baseDirectory: folder, keepingInputs: keepingInputs, readRule: rule)
        spec.source = path
        return spec
    }

    private static func readBytes(_ path: String) throws(SpecError) -> [UInt8] {
        if path == "-" {
            return try readAll(descriptor: STDIN_FILENO, name: path)
        }
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else {
            throw SpecError(file: path, location: "", message: "no such file")
        }
        guard !isDirectory.boolValue else {
            throw SpecError(file: path, location: "", message: "is a directory, not a spec file")
        }
        let descriptor: FileDescriptor
        do {
            // Blocking, as a shell's `<(…)` pipe must be read: a FIFO path waits for its writer.
            descriptor = try FileDescriptor.open(
                FilePath(path), .readOnly, options: [.closeOnExec], retryOnInterrupt: true)
        } catch {
            throw SpecError(
                file: path, location: "", message: "cannot be read (\((error as? Errno ?? .ioError).description))")
        }
        defer { try? descriptor.close() }
        return try readAll(descriptor: descriptor.rawValue, name: path)
    }

    /// Reads `descriptor` to its end, refusing input longer than ``SpecLimits/maximumFileBytes``.
    ///
    /// Input is refused as soon as it passes the limit: no more than the limit is held, however
    /// much more there is (standard input may be endless). A descriptor that cannot be read
    /// (standard input closed) is an error, not a crash.
    ///
    /// - Parameter name: The file as the user named it, `-` for standard input, for messages.
    static func readAll(descriptor: Int32, name: String) throws(SpecError) -> [UInt8] {
        switch RegularFile.readToEnd(FileDescriptor(rawValue: descriptor), limit: SpecLimits.maximumFileBytes) {
        case .success(let bytes): return bytes
        case .failure(.tooLarge):
            throw SpecError(
                file: name, location: "", message: "is larger than \(SpecLimits.maximumFileBytes / 1_048_576) MiB")
        case .failure(let failure):
            let reason = if case .system(let error) = failure { error.description } else { failure.reason }
            guard name == "-" else {
                throw SpecError(file: name, location: "", message: "cannot be read (\(reason))")
            }
            let message =
                isClosed(descriptor) ? "standard input is closed" : "standard input cannot be read (\(reason))"
            throw SpecError(file: name, location: "", message: message)
        }
    }

    /// Whether `descriptor` is closed, or was closed when the process started and now holds
    /// something the runtime opened (an event or epoll descriptor, which has no file type).
    private static func isClosed(_ descriptor: Int32) -> Bool {
        var status = stat()
        return fstat(descriptor, &status) != 0 || status.st_mode & S_IFMT == 0
    }

    static func firstInvalidUTF8Offset(_ bytes: [UInt8]) -> Int {
        var iterator = bytes.makeIterator()
        var decoder = UTF8()
        var offset = 0
        while case .scalarValue(let scalar) = decoder.decode(&iterator) {
            offset += UTF8.width(scalar)
        }
        return offset
    }
}
