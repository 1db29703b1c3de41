import Foundation
import WaterfallLayout

extension LayoutDump {
    private struct Document: Decodable {
        struct Frame: Decodable {
            var x, y, width, height: Double
        }
        struct Element: Decodable {
            var kind: String
            var section: Int
            var item: Int?
            var frame: Frame
        }
        struct ContentSize: Decodable {
            var width, height: Double
        }
        var contentSize: ContentSize
        var elements: [Element]
    }

    /// Reads back what `json(contentSize:elements:pretty:)` wrote.
    ///
    /// - Returns: `nil` when `text` is not a layout dump at all (so callers can try it as a spec).
    /// - Throws: ``LayoutDumpError`` when it is a dump with a bad element.
    public static func decode(_ text: String, file: String? = nil) throws(LayoutDumpError) -> (
        Size, [LayoutAttributes]
    )? {
        let document: Document
        do {
            document = try JSONDecoder().decode(Document.self, from: Data(text.utf8))
        } catch let DecodingError.keyNotFound(key, context) where context.codingPath.isEmpty {
            _ = key
            return nil
        } catch let DecodingError.typeMismatch(_, context) where context.codingPath.isEmpty {
            return nil
        } catch let DecodingError.dataCorrupted(context) where context.codingPath.isEmpty {
            return nil
        } catch let error as DecodingError {
            throw LayoutDumpError(file: file, location: path(of: error), message: "is not a layout dump element")
        } catch {
            return nil
        }
        var attributes: [LayoutAttributes] = []
        attributes.reserveCapacity(document.elements.count)
        for (index, element) in document.elements.enumerated() {
            guard let kind = ElementKind(rawValue: element.kind) else {
                throw LayoutDumpError(
                    file: file, location: "elements[\(index)].kind", message: "unknown kind \"\(element.kind)\"")
            }
            let frame = Rect(
                x: element.frame.x, y: element.frame.y, width: element.frame.width, height: element.frame.height)
            let item = kind == .cell ? element.item ?? 0 : 0
            attributes.append(
                LayoutAttributes(kind: kind, indexPath: ItemPath(section: element.section, item: item), frame: frame))
        }
        return (Size(width: document.contentSize.width, height: document.contentSize.height), attributes)
    }

    private static func path(of error: DecodingError) -> String {
        let context: DecodingError.Context? =
            switch error {
            case .typeMismatch(_, let context), .valueNotFound(_, let context), .keyNotFound(_, let context),
                .dataCorrupted(let context):
                context
            @unknown default: nil
            }
        return (context?.codingPath ?? []).map { key in
            key.intValue.map { "[\($0)]" } ?? ".\(key.stringValue)"
        }.joined().trimmingCharacters(in: CharacterSet(charactersIn: "."))
    }
}
