extension ClipError {
    /// Why a file cannot be read as an animated PNG (``AnimatedPNGReader``).
    public enum AnimatedPNGProblem: Sendable, Equatable, CustomStringConvertible {
        /// The bytes do not start with the PNG signature.
        case notPNG
        /// The file has no header chunk (`IHDR`) before its image data.
        case noHeader
        /// The file is a PNG without animation control (`acTL`): a still picture.
        case stillPNG
        /// The file says it has `count` frames, not 1 to `limit`.
        case frameCountOutOfRange(count: Int, limit: Int)
        /// The canvas is `width` × `height` pixels, one of them 0.
        case emptyCanvas(width: Int, height: Int)
        /// The canvas of `width` × `height` pixels is larger than a clip's frame, at most `limit`
        /// pixels.
        case canvasTooLarge(width: Int, height: Int, limit: Int)
        /// A chunk of type `type` has the wrong length for its type.
        case brokenChunk(type: String)
        /// The CRC of the chunk of type `type` at byte `offset` does not match its type and data.
        case damagedChunk(type: String, offset: Int)
        /// The file ends inside a chunk.
        case endsEarly
        /// Frame number `frame` (from 1) has no image data.
        case frameWithoutData(frame: Int)
        /// The file has more frames than the `declared` number its `acTL` says.
        case moreFramesThanDeclared(declared: Int)
        /// The region of frame number `frame` (from 1), `width` × `height` pixels at `x`, `y`,
        /// leaves the `canvasWidth` × `canvasHeight` canvas.
        case frameOffCanvas(
            frame: Int, x: Int, y: Int, width: Int, height: Int, canvasWidth: Int, canvasHeight: Int)
        /// Frame number `frame` (from 1) has an unknown dispose or blend operation.
        case unknownOperation(frame: Int)
        /// The pixels of frame number `frame` (from 1) cannot be decoded; `problem` is what the PNG
        /// decoder said.
        case unreadableFrame(frame: Int, problem: String)

        /// What is wrong, after the file's name.
        public var description: String {
            switch self {
            case .notPNG: "is not a PNG file"
            case .noHeader: "has no PNG header (IHDR)"
            case .stillPNG: "is a still PNG, not an animated one (no acTL)"
            case .frameCountOutOfRange(let count, let limit): "says it has \(count) frames, not 1 to \(limit)"
            case .emptyCanvas(let width, let height): "has an empty canvas (\(width) × \(height) pixels)"
            case .canvasTooLarge(let width, let height, let limit):
                "a canvas of \(width) × \(height) pixels is larger than a clip's frame (at most \(limit) pixels)"
            case .brokenChunk(let type): "has a broken \(type) chunk"
            case .damagedChunk(let type, let offset):
                "the \(type) chunk at byte \(offset) is damaged (its CRC does not match)"
            case .endsEarly: "ends in the middle of a chunk"
            case .frameWithoutData(let frame): "frame \(frame) has no image data"
            case .moreFramesThanDeclared(let declared): "has more frames than its acTL's \(declared)"
            case .frameOffCanvas(let frame, let x, let y, let width, let height, let canvasWidth, let canvasHeight):
                "frame \(frame) (\(width) × \(height) at \(x), \(y)) leaves the \(canvasWidth) × \(canvasHeight) canvas"
            case .unknownOperation(let frame): "frame \(frame) has an unknown dispose or blend operation"
            case .unreadableFrame(let frame, let problem): "frame \(frame) cannot be read (\(problem))"
            }
        }
    }
}
