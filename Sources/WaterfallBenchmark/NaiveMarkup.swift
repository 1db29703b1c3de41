import Foundation
import WaterfallRender

/// The baseline for text output: markup built the quick way, with `String(format:)` and a
/// string that grows by concatenation.
enum NaiveMarkup {
    static func svg(_ scene: Scene) -> String {
        var out = String(
            format: "<svg xmlns=\"http://www.w3.org/2000/svg\" width=\"%g\" height=\"%g\">\n", scene.size.width,
            scene.size.height)
        for element in scene.elements {
            let f = element.frame
            out += String(
                format:
                    "<g data-kind=\"%@\" data-section=\"%d\"><rect x=\"%g\" y=\"%g\" width=\"%g\" height=\"%g\" rx=\"%g\" fill=\"%@\"/></g>\n",
                element.kind.rawValue, element.section, f.minX, f.minY, f.width, f.height, element.cornerRadius,
                element.fill.hexString)
        }
        return out + "</svg>\n"
    }

    static func html(_ scene: Scene) -> String {
        var out = "<!DOCTYPE html><html><body><div style=\"position:relative\">\n"
        for element in scene.elements {
            let f = element.frame
            out += String(
                format:
                    "<div data-kind=\"%@\" style=\"position:absolute;left:%gpx;top:%gpx;width:%gpx;height:%gpx;background:%@\"></div>\n",
                element.kind.rawValue, f.minX, f.minY, f.width, f.height, element.fill.hexString)
        }
        return out + "</div></body></html>\n"
    }
}
