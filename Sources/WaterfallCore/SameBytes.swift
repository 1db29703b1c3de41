import Foundation

extension Array where Element == UInt8 {
    /// Whether `other` holds the same bytes, compared as memory (`memcmp`).
    ///
    /// The array's own `==` compares a byte at a time through generic code unless the optimizer
    /// specializes it: in the test build, comparing two equal pictures was a third of `waterfall
    /// check`. ``PixelImage``'s `==` and the comparison of a baseline file with its new bytes use this.
    package func hasSameBytes(as other: [UInt8]) -> Bool {
        guard count == other.count else { return false }
        guard !isEmpty else { return true }
        return withUnsafeBytes { a in
            other.withUnsafeBytes { b in memcmp(a.baseAddress!, b.baseAddress!, a.count) == 0 }
        }
    }
}
