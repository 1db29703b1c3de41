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

    /// The mismatch of two sizes, or nil when they are the same.
    static func between(width a: Int, height aHeight: Int, andWidth b: Int, height bHeight: Int) -> DiffSizeMismatch? {
        a == b && aHeight == bHeight
            ? nil : DiffSizeMismatch(a: DiffSize(width: a, height: aHeight), b: DiffSize(width: b, height: bHeight))
    }
}
