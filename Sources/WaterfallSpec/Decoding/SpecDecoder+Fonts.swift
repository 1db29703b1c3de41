import Foundation
import WaterfallCore

extension SpecDecoder {
    /// `fonts: [fonts/Brand-Regular.otf, …]`: the app's font files, relative to the spec's folder
    /// as `itemsFrom` files are; each named once, at most ``SpecLimits/maximumFontFiles``.
    func fonts(_ field: Field) throws(SpecError) -> [SpecFont] {
        let list = try field.sequence()
        guard list.count <= SpecLimits.maximumFontFiles else {
            throw field.error("lists \(list.count) font files; at most \(SpecLimits.maximumFontFiles) are allowed")
        }
        var fonts: [SpecFont] = []
        for element in list {
            let path = try element.dataFilePath()
            // Read where it is written (messages name it so), once the rule lets it be read.
            try checkReadable(path, at: element)
            let file = baseDirectory == "." ? path : Path.resolve(path, from: baseDirectory)
            if fonts.contains(where: { $0.path == path }) { throw element.error("\(path) is listed twice") }
            fonts.append(
                SpecFont(
                    path: path, file: file, location: element.path, line: element.node.mark?.line,
                    column: element.node.mark?.column))
        }
        return fonts
    }
}
