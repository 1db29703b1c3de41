import Foundation
import Testing
import WaterfallTestSupport

/// `Examples/01-shop-grid.yaml` and its baselines (PNG, SVG, layout JSON, no fingerprint),
/// rendered fresh by `waterfall render` into a temporary folder of their own, with the findings
/// recorded in `Output/`: what the `check` and
/// fingerprint tests work on.
func baselineWorkspace() throws -> (folder: String, spec: String, baselines: String) {
    let folder = ExternalRenderers.temporaryPath("dir")
    let baselines = folder + "/baselines"
    try FileManager.default.createDirectory(atPath: baselines, withIntermediateDirectories: true)
    let spec = folder + "/01-shop-grid.yaml"
    try FileManager.default.copyItem(atPath: Repository.path("Examples/01-shop-grid.yaml"), toPath: spec)
    let rendered = try CommandRunner.run(["render", spec, "--format", "png,svg,json", "--output", baselines])
    try #require(rendered.status == 0, "\(rendered.standardError)")
    let files = try FileManager.default.contentsOfDirectory(atPath: baselines).sorted()
    try #require(files == ["01-shop-grid.layout.json", "01-shop-grid.png", "01-shop-grid.svg"], "\(files)")
    // The example's accessibility findings, as recorded with the examples' baselines.
    try FileManager.default.copyItem(
        atPath: Repository.path("Output/01-shop-grid.findings.json"), toPath: baselines + "/01-shop-grid.findings.json")
    return (folder, spec, baselines)
}
