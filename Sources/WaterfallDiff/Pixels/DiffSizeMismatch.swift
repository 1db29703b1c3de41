/// The two sizes of compared images that differ in width or height.
public struct DiffSizeMismatch: Sendable, Equatable, Hashable {
    /// Size of the first image.
    public var a: DiffSize
    /// Size of the second image.
    public var b: DiffSize

    /// Creates a mismatch record.
    public init(a: DiffSize, b: DiffSize) {
        self.a = a
        self.b = b
    }
}
