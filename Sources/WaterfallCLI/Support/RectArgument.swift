import ArgumentParser
import WaterfallLayout

/// A rectangle given on the command line as `x,y,width,height`.
struct RectArgument: ExpressibleByArgument {
    var rect: Rect

    init?(argument: String) {
        let parts = argument.split(separator: ",", omittingEmptySubsequences: false)
            .map { Double($0.trimmingCharacters(in: .whitespaces)) }
        guard parts.count == 4, let x = parts[0], let y = parts[1], let width = parts[2], let height = parts[3],
            [x, y, width, height].allSatisfy(\.isFinite), width >= 0, height >= 0
        else { return nil }
        rect = Rect(x: x, y: y, width: width, height: height)
    }

    static var defaultValueDescription: String { "x,y,width,height" }
}
