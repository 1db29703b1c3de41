import Foundation
import WaterfallAudit
import WaterfallBatch
import WaterfallCore

extension RecordedFindings {
    /// The findings in a file's `bytes`, read from `path`.
    ///
    /// - Throws: ``ReviewError`` naming the file when it is not a findings file.
    public static func decode(_ bytes: [UInt8], path: String) throws(ReviewError) -> [Finding] {
        do {
            return try JSONDecoder().decode(File.self, from: Data(bytes)).findings
        } catch {
            throw ReviewError(
                reason: "\(path.escapedForMessage): is not a findings file (record it again with check --record)")
        }
    }
}
