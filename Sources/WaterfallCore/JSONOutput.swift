import Foundation

/// The one way the tool writes JSON through `Codable`: keys sorted and slashes left as they are,
/// so the same value gives the same bytes every run and paths read as written.
package enum JSONOutput {
    /// How the document is laid out.
    package enum Layout: Sendable {
        /// One line, no spaces: for files the tool reads back and for splicing into other JSON.
        case compact
        /// Indented, one member a line, ending in a newline: for files people read and diff.
        case pretty
    }

    /// An encoder with the one setting, laid out as `layout` says.
    package static func encoder(_ layout: Layout = .compact) -> JSONEncoder {
        let encoder = JSONEncoder()
        switch layout {
        case .compact: encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        case .pretty: encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        }
        return encoder
    }

    /// The bytes of `value` as JSON, laid out as `layout` says.
    ///
    /// - Throws: `EncodingError` when `value` cannot be encoded (a non-finite number, say).
    package static func encode(_ value: some Encodable, layout: Layout = .compact) throws -> [UInt8] {
        let bytes = Array(try encoder(layout).encode(value))
        return layout == .pretty ? bytes + [0x0A] : bytes
    }

    /// `value` as one line of JSON text, or `fallback` when it cannot be encoded: for values whose
    /// every number is finite, where encoding does not fail and a `throws` would only be noise.
    package static func text(_ value: some Encodable, or fallback: String) -> String {
        (try? encode(value)).map { String(decoding: $0, as: UTF8.self) } ?? fallback
    }
}
