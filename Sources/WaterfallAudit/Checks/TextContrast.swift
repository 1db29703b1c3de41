import WaterfallCairo
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// How the contrast of a text with what is drawn behind it is measured.
///
/// The element's part of the scene is drawn twice with Cairo, as the PNG is: once with the text
/// alone (no shadow, no other text) and once with no text at all. The pixels that differ are the
/// glyphs' ink; at each, the text's colour is set against the second picture's pixel, what the
/// renderer drew behind it (a card's fill, a scrim over a photo), with WCAG's formula. A text's
/// ratio is the one nine in ten of its ink pixels reach, so a speck of a photo does not decide it
/// and a band of it does.
public enum TextContrast {
    /// The share of a text's ink pixels whose contrast must reach its ratio.
    public static let coverage = 0.9

    /// The contrast findings of `element`'s texts: one for each role whose ratio is below what
    /// WCAG 2.2 AA asks.
    ///
    /// - Parameters:
    ///   - element: An element of `scene`.
    ///   - scene: The scene it is drawn in, whose elements behind it are drawn behind it.
    public static func findings(of element: SceneElement, in scene: Scene) throws -> [Finding] {
        var findings: [Finding] = []
        var roles: [String] = []
        for run in element.texts where !roles.contains(run.role ?? "") { roles.append(run.role ?? "") }
        for role in roles {
            let runs = element.texts.filter { ($0.role ?? "") == role && !$0.text.allSatisfy(\.isWhitespace) }
            guard let first = runs.first,
                let measured = try measure(runs, of: element, in: scene)
            else { continue }
            let required = ContrastRatio.required(fontSize: first.fontSize, bold: first.weight == .bold)
            guard measured.ratio < required else { continue }
            let colour = first.color.hexString.prefix(7)
            let behind = measured.background.hexString.prefix(7)
            let size = ShortestNumber.readable(first.fontSize)
            var finding = Finding(
                kind: .contrast, place: Audit.place(of: element, role: role.isEmpty ? "text" : role),
                message: "\(Finding.twoDecimals(measured.ratio)):1, \(colour) on \(behind), under the "
                    + "\(required == 3 ? "3" : "4.5"):1 WCAG 2.2 AA asks of \(size) pt "
                    + "\(first.weight == .bold ? "bold " : "")text",
                frame: runs.dropFirst().reduce(first.frame) { $0.union($1.frame) })
            finding.ratio = Finding.rounded(measured.ratio)
            finding.required = required
            finding.colors = [String(colour), String(behind)]
            findings.append(finding)
        }
        return findings
    }

    /// The ratio nine in ten of the ink pixels of `runs` reach, and the background at the pixel
    /// that gives it; `nil` when the runs draw no ink.
    static func measure(_ runs: [TextRun], of element: SceneElement, in scene: Scene) throws
        -> (ratio: Double, background: Color)?
    {
        guard let bounds = runs.dropFirst().reduce(runs[0].frame, { $0.union($1.frame) }).intersection(element.frame)
        else { return nil }
        var part = scene.cropped(to: bounds)
        var withText = part
        let role = runs[0].role
        for index in part.elements.indices {
            let other = part.elements[index]
            let isElement = other.kind == element.kind && other.section == element.section && other.item == element.item
            part.elements[index].texts = []
            withText.elements[index].texts = isElement ? other.texts.filter { $0.role == role } : []
            for text in withText.elements[index].texts.indices { withText.elements[index].texts[text].shadow = nil }
        }
        let inked = try CairoRenderer.rasterize(withText)
        let plain = try CairoRenderer.rasterize(part)
        guard inked.width == plain.width, inked.height == plain.height else { return nil }
        var samples: [(ratio: Double, background: Color)] = []
        let color = runs[0].color
        for index in stride(from: 0, to: plain.pixels.count, by: 4)
        where inked.pixels[index..<index + 4] != plain.pixels[index..<index + 4] {
            let background = Color(
                red: plain.pixels[index], green: plain.pixels[index + 1], blue: plain.pixels[index + 2], alpha: 255)
            let text = ContrastRatio.composited(color, over: background)
            samples.append((ContrastRatio.between(text, background), background))
        }
        guard !samples.isEmpty else { return nil }
        samples.sort { $0.ratio < $1.ratio }
        // The ratio that `coverage` of the pixels reach: the lowest of the best nine in ten.
        let index = min(samples.count - 1, Int((Double(samples.count) * (1 - coverage)).rounded(.down)))
        return samples[index]
    }
}

extension Rect {
    /// The smallest rectangle holding this one and `other`.
    func union(_ other: Rect) -> Rect {
        let left = min(minX, other.minX)
        let top = min(minY, other.minY)
        return Rect(x: left, y: top, width: max(maxX, other.maxX) - left, height: max(maxY, other.maxY) - top)
    }

    /// Where this rectangle and `other` overlap; `nil` when they do not.
    func intersection(_ other: Rect) -> Rect? {
        let left = max(minX, other.minX)
        let top = max(minY, other.minY)
        let right = min(maxX, other.maxX)
        let bottom = min(maxY, other.maxY)
        guard right > left, bottom > top else { return nil }
        return Rect(x: left, y: top, width: right - left, height: bottom - top)
    }
}
