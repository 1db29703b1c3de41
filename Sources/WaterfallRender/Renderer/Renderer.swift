/// One output format: a name, a file extension and a function from a scene to files.
///
/// Renderers are values, in the way of swift-snapshot-testing's `Snapshotting`: each format is a
/// static (`Renderer.svg`, `Renderer.png`…) in its own file, named by a ``RenderFormat`` case
/// that the command line maps `--format` to.
public struct Renderer: Sendable {
    /// The format it writes.
    public let format: RenderFormat
    /// The file extension, without the dot.
    public var fileExtension: String { format.fileExtension }
    private let body: @Sendable (Scene, _ emit: (RenderedFile) throws -> Void) throws -> Void

    /// Creates a renderer from its format and drawing function.
    ///
    /// - Parameters:
    ///   - format: The format it writes, which names its files' extension.
    ///   - render: Draws a scene and hands its output to `emit` piece by piece, so that large
    ///     outputs need not be held in memory: consecutive pieces with the same suffix are one
    ///     file, in order.
    public init(
        format: RenderFormat, render: @escaping @Sendable (Scene, _ emit: (RenderedFile) throws -> Void) throws -> Void
    ) {
        self.format = format
        self.body = render
    }

    /// Renders `scene`, handing each piece of output to `emit` (consecutive pieces with the same
    /// suffix make one file).
    public func render(_ scene: Scene, emit: (RenderedFile) throws -> Void) throws {
        try body(scene, emit)
    }

    /// Renders `scene` into memory: the files in order, each whole.
    public func render(_ scene: Scene) throws -> [RenderedFile] {
        var files: [RenderedFile] = []
        try render(scene) { piece in
            if let last = files.last, last.suffix == piece.suffix {
                files[files.count - 1].bytes += piece.bytes
            } else {
                files.append(piece)
            }
        }
        return files
    }
}

/// A file a renderer produced, or a piece of one.
public struct RenderedFile: Sendable {
    /// Added to the base name before the extension: empty, or `-1`, `-2`… for tiles.
    public var suffix: String
    /// The file's bytes, or this piece of them.
    public var bytes: [UInt8]

    /// Creates a file, or a piece of one, with its name suffix.
    public init(suffix: String = "", bytes: [UInt8]) {
        self.suffix = suffix
        self.bytes = bytes
    }
}
