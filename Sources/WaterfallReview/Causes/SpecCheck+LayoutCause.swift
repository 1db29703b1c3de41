import WaterfallCore
import WaterfallDiff
import WaterfallLayout

extension SpecCheck {
    /// One sentence saying how the layout changed, told from the layout alone.
    ///
    /// Which cards changed size, and which moved because of them (`item 4 grew by 1 pt; items 6
    /// and 10 below it in column 0 moved down 1 pt`): what a check says when it cannot name a
    /// changed input.
    public var layoutSentence: String? {
        if let clip, status == .changed {
            // A clip's consequence is in its frames.
            let summary = clip.summary
            return summary.prefix(1).uppercased() + summary.dropFirst() + "."
        }
        guard let diff = layoutDiff else { return nil }
        guard diff.isDifferent else {
            return status == .changed ? "The layout is unchanged: only pixels inside the cards changed." : nil
        }
        let columns = Columns(layoutJSON: actualLayout)
        let sections = Set(diff.changes.map(\.indexPath.section)).count
        func name(_ change: LayoutChange) -> String {
            guard change.element == .cell else { return change.name }
            return sections == 1 && change.indexPath.section == 0
                ? "item \(change.indexPath.item)" : "section \(change.indexPath.section) item \(change.indexPath.item)"
        }
        var parts: [String] = []
        var grown: [LayoutChange] = []
        for change in diff.changes {
            switch change.kind {
            case .appeared: parts.append("\(name(change)) appeared")
            case .disappeared: parts.append("\(name(change)) disappeared")
            case .resized, .movedAndResized:
                guard let old = change.old, let new = change.new else { continue }
                grown.append(change)
                var said: [String] = []
                let dh = new.height - old.height
                let dw = new.width - old.width
                if dh != 0 { said.append("\(dh > 0 ? "grew" : "shrank") by \(Self.points(abs(dh)))") }
                if dw != 0 { said.append("got \(dw > 0 ? "wider" : "narrower") by \(Self.points(abs(dw)))") }
                if change.kind == .movedAndResized { said.append("moved") }
                parts.append("\(name(change)) " + said.joined(separator: " and "))
            case .moved: break
            }
        }
        // Moves grouped by section, column and distance: one clause each.
        var groups: [(key: String, column: Int?, section: Int, dx: Double, dy: Double, names: [LayoutChange])] = []
        for change in diff.changes where change.kind == .moved {
            guard let old = change.old, let new = change.new else { continue }
            let column = change.element == .cell ? columns.column(section: change.indexPath.section, x: new.minX) : nil
            let key = "\(change.indexPath.section)/\(column ?? -1)/\(new.minX - old.minX)/\(new.minY - old.minY)"
            if let index = groups.firstIndex(where: { $0.key == key }) {
                groups[index].names.append(change)
            } else {
                groups.append(
                    (key, column, change.indexPath.section, new.minX - old.minX, new.minY - old.minY, [change]))
            }
        }
        for group in groups.prefix(6) {
            let names = group.names.map(name)
            let listed = ProseList.joined(names, atMost: 4)
            let plural = names.count == 1 ? listed : listed.replacingOccurrences(of: "item ", with: "", options: [])
            let subject = names.count == 1 ? listed : (plural.hasPrefix("section") ? plural : "items " + plural)
            let cause = grown.first {
                $0.indexPath.section == group.section && $0.element == .cell
                    && columns.column(section: $0.indexPath.section, x: $0.new?.minX ?? -1) == group.column
                    && ($0.new?.minY ?? 0) < (group.names[0].new?.minY ?? 0)
            }
            var clause = subject + (cause != nil ? " below it" : "")
            if let column = group.column { clause += " in column \(column)" }
            var moves: [String] = []
            if group.dy != 0 { moves.append("\(group.dy > 0 ? "down" : "up") \(Self.points(abs(group.dy)))") }
            if group.dx != 0 { moves.append("\(group.dx > 0 ? "right" : "left") \(Self.points(abs(group.dx)))") }
            parts.append(clause + " moved " + moves.joined(separator: " and "))
        }
        if groups.count > 6 { parts.append("\(groups.count - 6) more groups moved") }
        if parts.isEmpty {
            let old = diff.oldContentSize
            let new = diff.newContentSize
            parts.append(
                "the content size changed from \(Self.points(old.width)) × \(Self.points(old.height)) to "
                    + "\(Self.points(new.width)) × \(Self.points(new.height))")
        }
        let sentence = parts.joined(separator: "; ")
        return sentence.prefix(1).uppercased() + sentence.dropFirst() + "."
    }

    private static func points(_ value: Double) -> String { "\(ShortestNumber.readable(value)) pt" }

    /// The columns of each section of a layout: the distinct left edges of its cells, in order.
    private struct Columns {
        var edges: [Int: [Double]] = [:]

        init(layoutJSON: [UInt8]) {
            guard let decoded = try? LayoutDump.decode(String(decoding: layoutJSON, as: UTF8.self), file: "layout")
            else { return }
            for element in decoded.1 where element.kind == .cell {
                edges[element.indexPath.section, default: []].append(element.frame.minX)
            }
            for (section, xs) in edges { edges[section] = Array(Set(xs)).sorted() }
        }

        func column(section: Int, x: Double) -> Int? { edges[section]?.firstIndex(of: x) }
    }
}
