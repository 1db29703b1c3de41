import WaterfallRender

extension Renderer {
    /// Opaque PNG at the scene's scale; pages taller than Cairo's 32,767 device pixels become
    /// numbered tiles (`-1`, `-2`…) that together hold the whole picture.
    public static let png = Renderer(format: .png) { scene, emit in
        _ = try CairoRenderer.renderPNGTiles(scene) { index, count, bytes in
            try emit(RenderedFile(suffix: CairoRenderer.tileSuffix(index, of: count), bytes: bytes))
        }
    }

    /// The first file ``png`` writes and only that one: the whole picture, or its first tile
    /// (named `-1`) when it has several, drawn without the others.
    public static let firstPNGTile = Renderer(format: .png) { scene, emit in
        _ = try CairoRenderer.renderPNGTiles(scene, tiles: 0..<1) { index, count, bytes in
            try emit(RenderedFile(suffix: CairoRenderer.tileSuffix(index, of: count), bytes: bytes))
        }
    }

    /// A one-page PDF the size of the content, in points, with reproducible bytes.
    public static let pdf = Renderer(format: .pdf) { scene, emit in
        try emit(RenderedFile(bytes: CairoRenderer.renderPDF(scene)))
    }
}
