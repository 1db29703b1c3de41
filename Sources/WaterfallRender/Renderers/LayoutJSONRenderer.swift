import WaterfallCore
import WaterfallLayout

extension Renderer {
    /// The layout JSON of `waterfall layout`, from the scene's elements: the baseline a layout diff is made against.
    ///
    /// It reports the layout's exact frames, also when the scene's are snapped to device pixels.
    public static let layoutJSON = Renderer(format: .json) { scene, emit in
        let elements = scene.elements.lazy.map {
            LayoutAttributes(
                kind: $0.kind, indexPath: ItemPath(section: $0.section, item: $0.item ?? 0),
                frame: $0.layoutFrame ?? $0.frame)
        }
        try LayoutDump.write(contentSize: scene.layoutSize ?? scene.size, elements: elements, pretty: true) {
            (piece: String) throws in
            try emit(RenderedFile(bytes: Array(piece.utf8)))
        }
    }
}
