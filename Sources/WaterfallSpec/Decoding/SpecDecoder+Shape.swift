import Yams

extension SpecDecoder {
    /// Refuses documents nested too deeply or with too many values, without recursion.
    ///
    /// JSON documents were already counted before parsing (``JSONPreScan``); this count is the one
    /// that sees aliases expand.
    static func checkShape(_ root: Node) throws(SpecError) {
        var stack: [(Node, Int)] = [(root, 1)]
        var visited = 0
        while let (node, depth) = stack.popLast() {
            visited += 1
            guard depth <= maximumDepth else {
                throw SpecError(
                    line: node.mark?.line, column: node.mark?.column, location: "",
                    message: "nested more than \(maximumDepth) levels deep")
            }
            guard visited <= maximumNodes else {
                throw SpecError(location: "", message: "has more than \(maximumNodes) values (do aliases expand it?)")
            }
            switch node {
            case .mapping(let mapping):
                for (key, value) in mapping {
                    stack.append((key, depth + 1))
                    stack.append((value, depth + 1))
                }
            case .sequence(let sequence):
                for element in sequence { stack.append((element, depth + 1)) }
            case .scalar, .alias:
                break
            }
        }
    }
}
