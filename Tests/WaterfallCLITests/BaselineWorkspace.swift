import Foundation
import WaterfallTestSupport

/// `Examples/01-shop-grid.yaml` and its baselines from `Output/` (PNG, SVG, layout JSON), copied
/// into a temporary folder of their own: what the `check` and fingerprint tests work on.
func baselineWorkspace() throws -> (folder: String, spec: String, baselines: String) {
    let folder = ExternalRenderers.temporaryPath("dir")
    let baselines = folder + "/baselines"
    try FileManager.default.createDirectory(atPath: baselines, withIntermediateDirectories: true)
    let spec = folder + "/01-shop-grid.yaml"
    try FileManager.default.copyItem(atPath: Repository.path("Examples/01-shop-grid.yaml"), toPath: spec)
    for ext in ["png", "svg", "layout.json"] {
        try FileManager.default.copyItem(
            atPath: Repository.path("Output/01-shop-grid.\(ext)"), toPath: baselines + "/01-shop-grid.\(ext)")
    }
    return (folder, spec, baselines)
}
