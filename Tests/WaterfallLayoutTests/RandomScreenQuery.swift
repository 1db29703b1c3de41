import WaterfallLayout
import WaterfallTestSupport

/// A screen scrolled to a random place of a layout and a rectangle asked for there, as a
/// collection view asks: the offset along the scroll direction (up to 100 points past either
/// end), the rectangle starting at it, up to 900 points long and as wide as the content across.
struct RandomScreenQuery {
    var offset: Point
    var rect: Rect

    init(contentSize size: Size, horizontal: Bool, using random: inout TestRandom) {
        offset = Point(
            x: horizontal ? Double.random(in: -100...(size.width + 100), using: &random) : 0,
            y: horizontal ? 0 : Double.random(in: -100...(size.height + 100), using: &random))
        rect = Rect(
            x: offset.x, y: offset.y,
            width: horizontal ? Double.random(in: 1...900, using: &random) : size.width,
            height: horizontal ? size.height : Double.random(in: 1...900, using: &random))
    }
}
