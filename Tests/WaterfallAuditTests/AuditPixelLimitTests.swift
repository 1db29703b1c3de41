import Testing
import WaterfallAudit
import WaterfallCore
import WaterfallLayout
import WaterfallRender

/// The audit measures contrast on a raster of the picture: it is held to the pixel limit of a
/// PNG, checked before anything is drawn.
@Suite struct AuditPixelLimitTests {
    @Test func aPictureOverThePixelLimitIsRefused() throws {
        // 65,536 × 65,537 device pixels: one row over 2^32.
        let over = Scene(
            size: Size(width: 65_536, height: 65_537), background: .white, scale: 1,
            elements: [
                SceneElement(
                    kind: .cell, section: 0, item: 0, frame: Rect(x: 0, y: 0, width: 100, height: 100),
                    fill: .white, cornerRadius: 0)
            ])
        #expect {
            try Audit.findings(in: over)
        } throws: { error in
            "\(error)".contains("65536×65537 device pixels; at most 4294967296 (2^32)")
        }
        var within = over
        within.size.height = 65_536
        #expect(try Audit.findings(in: within).isEmpty)
    }
}
