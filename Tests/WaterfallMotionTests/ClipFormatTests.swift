import Testing
import WaterfallMotion

@Suite struct ClipFormatTests {
    @Test func anAnimatedPNGIsAPNGFile() {
        #expect(ClipFormat.apng.fileExtension == "png")
        #expect(ClipFormat.allCases.map(\.fileExtension) == ["png", "webp", "gif", "mp4"])
    }
}
