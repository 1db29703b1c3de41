import Foundation
import WaterfallCore
import WaterfallLayout
import WaterfallRender
import WaterfallSpec

/// The images of one scene: each file read, checked and numbered once, whatever the spelling of
/// its path (`./a.png`, `x/../a.png` and a link to it are one image).
struct ImageStore {
    private let base: String
    private let readRule: ReadRule?
    private let validator: (@Sendable (SceneImage) throws -> Void)?
    private let remote: [String: RemoteImage]
    private let budget = PixelBudget()
    private var byFile: [String: Result<SceneImage, ImageFile.Problem>] = [:]
    private var count = 0

    init(
        base: String, readRule: ReadRule? = nil, validator: (@Sendable (SceneImage) throws -> Void)?,
        remote: [String: RemoteImage] = [:]
    ) {
        self.base = base
        self.readRule = readRule
        self.validator = validator
        self.remote = remote
    }

    /// The image at `path`, relative to the spec's folder; a file that failed once fails again
    /// without being read again.
    mutating func image(_ path: String) throws(ImageFile.Problem) -> SceneImage {
        let file: String
        switch remote[path] {
        case .stored(let stored): file = stored
        case .failed(let reason): throw .notFetched(reason)
        case nil where ImageURL.isURL(path): throw .notFetched("URLs are fetched by the render pipeline only")
        case nil:
            let full = path.hasPrefix("/") ? path : (base as NSString).appendingPathComponent(path)
            switch readRule?.resolution(of: full) {
            case .inside(let resolved): file = resolved
            case .outside: throw .outside(readRule?.widening ?? "")
            case nil: file = ImageFile.canonicalPath(path, relativeTo: base)
            }
        }
        if let known = byFile[file] { return try known.get() }
        let result: Result<SceneImage, ImageFile.Problem>
        do {
            let image = try ImageFile.load(path, at: file, id: count, budget: budget)
            do {
                try validator?(image)
            } catch {
                throw ImageFile.Problem.corrupt("\(error)")
            }
            count += 1
            result = .success(image)
        } catch let problem as ImageFile.Problem {
            result = .failure(problem)
        } catch {
            result = .failure(.corrupt("\(error)"))
        }
        byFile[file] = result
        return try result.get()
    }
}
