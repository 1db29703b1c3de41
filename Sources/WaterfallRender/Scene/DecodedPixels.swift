import Foundation
import WaterfallCore

/// The decoded pixels of one scene image, decoded at most once while a budget allows keeping them.
///
/// Every card and every format that draws the image asks here first. Pixels are kept only while
/// the scene's ``PixelBudget`` has room, so a feed of many large photos re-decodes instead of
/// holding them all.
public final class DecodedPixels: @unchecked Sendable {
    private let image = Locked<PixelImage?>(nil)
    private let budget: PixelBudget?

    /// Creates an empty holder; the pixels are decoded on first use.
    ///
    /// - Parameter budget: Shared by the images of one scene; `nil` keeps nothing.
    public init(budget: PixelBudget? = nil) {
        self.budget = budget
    }

    /// The pixels, from `decode` the first time (and again if they could not be kept).
    public func pixels(decode: () throws -> PixelImage) rethrows -> PixelImage {
        try image.withLock { image in
            if let image { return image }
            let decoded = try decode()
            if let budget, budget.reserve(decoded.pixels.count) { image = decoded }
            return decoded
        }
    }

    /// Whether the pixels are held.
    public var isHeld: Bool {
        image.withLock { $0 != nil }
    }
}

/// How many bytes of decoded pixels the images of one scene may keep between uses.
public final class PixelBudget: @unchecked Sendable {
    /// The default: 256 MiB, for example sixty 12-megapixel photos' worth is not kept.
    public static let defaultBytes = 256 << 20

    private let remaining: Locked<Int>

    /// Creates a budget of `bytes` bytes, 256 MiB unless given.
    public init(bytes: Int = PixelBudget.defaultBytes) {
        remaining = Locked(bytes)
    }

    /// Takes `bytes` from the budget when there is room for them.
    func reserve(_ bytes: Int) -> Bool {
        remaining.withLock { remaining in
            guard bytes <= remaining else { return false }
            remaining -= bytes
            return true
        }
    }
}
