import WaterfallRender

extension Renderer {
    /// Opaque PNG at the scene's scale; pages taller than Cairo's 32,767 device pixels become
    /// numbered tiles (`-1`, `-2`…) that together hold the whole picture.
    public static let png = Renderer(format: .png) { scene, emit in
        let tiles = try CairoRenderer.tileCount(scene)
        try CairoRenderer.renderPNG(scene) { index, bytes in
            try emit(RenderedFile(suffix: tiles > 1 ? "-\(index + 1)" : "", bytes: bytes))
        }
    }

    /// A one-page PDF the size of the content, in points, with reproducible bytes.
    public static let pdf = Renderer(format: .pdf) { scene, emit in
        try emit(RenderedFile(bytes: CairoRenderer.renderPDF(scene)))
    }
}
