import Foundation
import SystemPackage
import Testing
import WaterfallCore
import WaterfallTestSupport

/// `RegularFile.read`, the one bounded reader: every byte of a file, read straight into the array,
/// whatever its size and whatever the size it had when it was opened; never more than the limit.
@Suite struct RegularFileTests {
    /// Bytes that differ from one offset to the next and from one seed to another, so that a read
    /// giving another file's, or a block twice, does not pass.
    static func bytes(_ count: Int, seed: Int) -> [UInt8] {
        (0..<count).map { UInt8(truncatingIfNeeded: (($0 &+ seed) &* 2_654_435_761) >> 11) }
    }

    @Test(arguments: [0, 1, 2, 4095, 4096, 65_537, 3_000_001])
    func everyByteOfAFileIsRead(size: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/file"
        let written = Self.bytes(size, seed: size)
        try Data(written).write(to: URL(fileURLWithPath: path))
        #expect(try RegularFile.read(atPath: path, limit: size).get() == written)
        // One byte under its size is over the limit.
        if size > 0 { #expect(RegularFile.read(atPath: path, limit: size - 1) == .failure(.tooLarge)) }
    }

    /// A file larger than the size it was opened at (it grew meanwhile) is read to its end, the
    /// room doubling as it fills; past the limit it is refused.
    @Test(arguments: [(1, 100), (10, 100_000), (1_000, 1_000)])
    func aFileThatGrewIsReadToItsEnd(expected: Int, size: Int) throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/file"
        let written = Self.bytes(size, seed: size * 7 + expected)
        try Data(written).write(to: URL(fileURLWithPath: path))
        let descriptor = try FileDescriptor.open(path, .readOnly)
        defer { try? descriptor.close() }
        #expect(try RegularFile.read(descriptor, expected: expected, limit: size).get() == written)
        let again = try FileDescriptor.open(path, .readOnly)
        defer { try? again.close() }
        #expect(RegularFile.read(again, expected: expected, limit: size - 1) == .failure(.tooLarge))
    }

    /// A file shorter than it was when opened (it shrank meanwhile) gives the bytes it has.
    @Test func aFileThatShrankGivesWhatItHas() throws {
        let folder = try TemporaryFolder()
        let path = folder.path + "/file"
        let written = Self.bytes(500, seed: 5)
        try Data(written).write(to: URL(fileURLWithPath: path))
        let descriptor = try FileDescriptor.open(path, .readOnly)
        defer { try? descriptor.close() }
        #expect(try RegularFile.read(descriptor, expected: 5_000, limit: 10_000).get() == written)
    }
}
