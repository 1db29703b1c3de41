import Foundation
import SnapshotTesting
import Testing
import WaterfallCore
import XCTest

/// Asserts that a value matches its reference file, read only as a regular file.
///
/// The same as swift-snapshot-testing's `assertSnapshot`, with the reference confined as
/// `waterfall check` confines baselines: when the reference, or the `__Snapshots__` folder that
/// holds it, is a symbolic link, the assertion fails with one line naming it, and the link is
/// neither read nor written through. A branch under review therefore cannot make a test print,
/// attach or overwrite a file outside the repository.
///
/// - Parameters:
///   - value: The value to compare with its reference.
///   - snapshotting: The strategy, for example `.png`, `.svg` or `.layoutJSON`.
///   - name: The reference's name; the test's counter when `nil`.
///   - record: The record mode; swift-snapshot-testing's current one when `nil`.
///   - snapshotDirectory: The folder of references; `__Snapshots__/FILE` beside the test when `nil`.
///   - timeout: How long the snapshot may take, in seconds.
///   - fileID: The test's file ID.
///   - filePath: The test's file path.
///   - testName: The test's name.
///   - line: The line of the assertion.
///   - column: The column of the assertion.
public func assertSpecSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) {
    guard
        let message = verifySpecSnapshot(
            of: try value(), as: snapshotting, named: name, record: record, snapshotDirectory: snapshotDirectory,
            timeout: timeout, fileID: fileID, file: filePath, testName: testName, line: line, column: column)
    else { return }
    if Test.current != nil {
        Issue.record(
            Comment(rawValue: message),
            sourceLocation: SourceLocation(
                fileID: "\(fileID)", filePath: "\(filePath)", line: Int(line), column: Int(column)))
    } else {
        XCTFail(message, file: filePath, line: line)
    }
}

/// Verifies that a value matches its reference file, read only as a regular file.
///
/// The same as swift-snapshot-testing's `verifySnapshot`, except that a reference, or a
/// `__Snapshots__` folder, that is a symbolic link is refused before anything is read or written.
///
/// - Parameters:
///   - value: The value to compare with its reference.
///   - snapshotting: The strategy, for example `.png`, `.svg` or `.layoutJSON`.
///   - name: The reference's name; the test's counter when `nil`.
///   - record: The record mode; swift-snapshot-testing's current one when `nil`.
///   - snapshotDirectory: The folder of references; `__Snapshots__/FILE` beside the test when `nil`.
///   - timeout: How long the snapshot may take, in seconds.
///   - fileID: The test's file ID.
///   - filePath: The test's file path.
///   - testName: The test's name.
///   - line: The line of the assertion.
///   - column: The column of the assertion.
/// - Returns: The failure message, or `nil` when the value matches.
public func verifySpecSnapshot<Value, Format>(
    of value: @autoclosure () throws -> Value,
    as snapshotting: Snapshotting<Value, Format>,
    named name: String? = nil,
    record: SnapshotTestingConfiguration.Record? = nil,
    snapshotDirectory: String? = nil,
    timeout: TimeInterval = 5,
    fileID: StaticString = #fileID,
    file filePath: StaticString = #filePath,
    testName: String = #function,
    line: UInt = #line,
    column: UInt = #column
) -> String? {
    let folder = SnapshotReferenceFolder(testFile: "\(filePath)", snapshotDirectory: snapshotDirectory)
    if let link = folder.firstLink(testName: testName, pathExtension: snapshotting.pathExtension) {
        return "\(link): is a symbolic link; snapshot references are read only as regular files inside "
            + "the snapshot folder"
    }
    return verifySnapshot(
        of: try value(), as: snapshotting, named: name, record: record, snapshotDirectory: snapshotDirectory,
        timeout: timeout, fileID: fileID, file: filePath, testName: testName, line: line, column: column)
}

/// The folder where swift-snapshot-testing keeps a test's references, and the links in it.
struct SnapshotReferenceFolder {
    /// The folders from the test's own folder down to the references, checked in order.
    var folders: [String]

    init(testFile: String, snapshotDirectory: String?) {
        if let snapshotDirectory {
            folders = [snapshotDirectory]
        } else {
            let file = URL(fileURLWithPath: testFile)
            let snapshots = Path.join(file.path.folderPart, "__Snapshots__")
            folders = [snapshots, Path.join(snapshots, file.deletingPathExtension().lastPathComponent)]
        }
    }

    /// The first link among the folders and the test's references in the last one, or `nil`.
    ///
    /// Every reference of the test is checked, named or counted, since the counter that numbers
    /// unnamed ones belongs to swift-snapshot-testing.
    func firstLink(testName: String, pathExtension: String?) -> String? {
        for folder in folders where RegularFile.isSymbolicLink(folder) { return folder }
        guard let folder = folders.last,
            let names = try? FileManager.default.contentsOfDirectory(atPath: folder)
        else { return nil }
        let prefix = Self.sanitized(testName) + "."
        let suffix = pathExtension.map { "." + $0 } ?? ""
        for name in names.sorted() where name.hasPrefix(prefix) && name.hasSuffix(suffix) {
            let path = Path.join(folder, name)
            if RegularFile.isSymbolicLink(path) { return path }
        }
        return nil
    }

    /// A test name as swift-snapshot-testing writes it in a file name.
    static func sanitized(_ testName: String) -> String {
        testName.replacingOccurrences(of: "\\W+", with: "-", options: .regularExpression)
            .replacingOccurrences(of: "^-|-$", with: "", options: .regularExpression)
    }
}
