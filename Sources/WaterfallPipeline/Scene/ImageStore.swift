import Foundation
import SystemPackage
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
    ///
    /// A local file is opened once, beneath the spec's `ReadRule` when there is one, and known
    /// by its device and inode: every spelling of its path, and a link to it, is one image.
    mutating func image(_ path: String) throws(ImageFile.Problem) -> SceneImage {
        let key: String
        var opened: (descriptor: FileDescriptor, size: Int)?
        switch remote[path] {
        case .stored(let stored):
            key = stored
        case .failed(let reason): throw .notFetched(reason)
        case nil where ImageURL.isURL(path): throw .notFetched("URLs are fetched by the render pipeline only")
        case nil:
            let result =
                readRule.map { $0.open(path, relativeTo: base) }
                ?? RegularFile.open(Path.resolve(path, from: base)).mapError { .file($0) }
            switch result {
            case .success(let file):
                opened = file
                key = RegularFile.identity(of: file.descriptor)
            case .failure(.file(let failure)): throw ImageFile.Problem(failure)
            case .failure(let failure): throw .outside(readRule.map { $0.reason(failure) } ?? "")
            }
        }
        defer { try? opened?.descriptor.close() }
        if let known = byFile[key] { return try known.get() }
        let result: Result<SceneImage, ImageFile.Problem>
        do {
            let image =
                try opened.map {
                    try ImageFile.load(path, from: $0.descriptor, size: $0.size, id: count, budget: budget)
                }
                ?? ImageFile.load(path, at: key, id: count, budget: budget)
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
        byFile[key] = result
        return try result.get()
    }
}
