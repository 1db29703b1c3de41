import Testing
import WaterfallCore

@testable import WaterfallFetch

/// The line a terminal shows while images are fetched.
@Suite struct FetchProgressTests {
    @Test func theLineCountsFetchesAndTenthsOfMegabytesAndClearsWhenFinished() {
        var progress = FetchProgress(done: 3, total: 10, bytes: 1_249_999, isFinished: false)
        #expect(progress.line == "fetching images: 3 of 10 done, 1.2 MB")
        progress.bytes = 1_250_000
        #expect(progress.line == "fetching images: 3 of 10 done, 1.3 MB")
        progress.isFinished = true
        #expect(progress.line.isEmpty)
    }
}
