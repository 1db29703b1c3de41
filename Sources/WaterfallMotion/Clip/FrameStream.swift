import Dispatch
import Foundation
import WaterfallCore

/// Frames drawn on several threads and handed over in order, never more than a window of them
/// held at once: a clip of any length is drawn in bounded memory.
package enum FrameStream {
    /// Draws frames `0..<count` with `draw` on `workers` threads and hands each to `consume`, in
    /// order, on the calling thread.
    ///
    /// At most `window` frames are drawn ahead of the one being consumed. The first error, from
    /// either side, stops the drawing and is thrown once every thread has stopped.
    package static func run(
        count: Int, workers: Int, window: Int, draw: @escaping @Sendable (Int) throws -> PixelImage,
        consume: (Int, PixelImage) throws -> Void
    ) throws {
        let state = State()
        let group = DispatchGroup()
        for _ in 0..<max(1, min(workers, count)) {
            group.enter()
            StackThread.start {
                defer { group.leave() }
                while let index = state.take(count: count, window: window) {
                    do {
                        let frame = try draw(index)
                        state.put(frame, at: index)
                    } catch {
                        state.fail(error)
                        return
                    }
                }
            }
        }
        for index in 0..<count {
            guard let frame = state.wait(for: index) else { break }
            do {
                try consume(index, frame)
            } catch {
                state.fail(error)
                break
            }
        }
        group.wait()
        if let failure = state.failure { throw failure }
    }

    private final class State: @unchecked Sendable {
        private let condition = NSCondition()
        private var next = 0
        private var consumed = 0
        private var ready: [Int: PixelImage] = [:]
        private(set) var failure: (any Error)?

        /// The next frame to draw, once it is within the window; `nil` when there is none or a
        /// failure stopped the stream.
        func take(count: Int, window: Int) -> Int? {
            condition.lock()
            defer { condition.unlock() }
            while failure == nil, next < count, next >= consumed + window { condition.wait() }
            guard failure == nil, next < count else { return nil }
            defer { next += 1 }
            return next
        }

        func put(_ frame: PixelImage, at index: Int) {
            condition.lock()
            ready[index] = frame
            condition.broadcast()
            condition.unlock()
        }

        /// Frame `index` once drawn; `nil` after a failure.
        func wait(for index: Int) -> PixelImage? {
            condition.lock()
            defer { condition.unlock() }
            while failure == nil, ready[index] == nil { condition.wait() }
            guard failure == nil, let frame = ready.removeValue(forKey: index) else { return nil }
            consumed = index + 1
            condition.broadcast()
            return frame
        }

        func fail(_ error: any Error) {
            condition.lock()
            if failure == nil { failure = error }
            condition.broadcast()
            condition.unlock()
        }
    }
}
