import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallMotion
import WaterfallPipeline
import WaterfallSpec

/// The frames of a clip: a UIKit flick, held ends, pages loading and fading in.
@Suite struct ClipPlanTests {
    @Test func aFlickDeceleratesAsUIKitsNormalRateAndRestsOnThePixelGrid() {
        let flick = Flick(from: 100, to: 3100, scale: 2)
        #expect(flick.offset(at: 0) == 100)
        // After one second the velocity is 0.998^1000 = 13.5% of the release's, and so is the
        // distance left: 3000 × (1 − 0.1351) = 2594.6 pt travelled.
        let travelled = 3000 * (1 - pow(0.998 as Double, 1000.0))
        #expect(abs(flick.offset(at: 1) - (100 + travelled)) <= 0.25)
        #expect(flick.offset(at: 1) * 2 == (flick.offset(at: 1) * 2).rounded())
        // At rest once less than half a device pixel is left: ln(0.25 / 3000) / ln(0.998) ms.
        #expect(abs(flick.duration - log(0.25 / 3000) / log(0.998) / 1000) < 1e-9)
        #expect(flick.offset(at: flick.duration) == 3100)
        #expect(abs(flick.releaseVelocity - 3000 * 2.002) < 0.1)
        var previous = flick.offset(at: 0)
        for step in 1...600 {
            let offset = flick.offset(at: Double(step) / 100)
            #expect(offset >= previous)
            previous = offset
        }
        #expect(Flick(from: 40, to: 40, scale: 2).duration == 0)
    }

    @Test func aScrollGoesFromTheStartToTheEndAndHoldsIt() {
        let request = ClipRequest(animation: .scroll, viewport: 800, formats: [.apng])
        let plan = ClipPlan(request: request, lengths: [3800], scale: 2, fromEnd: false)
        let flick = Flick(from: 0, to: 3000, scale: 2)
        let moving = Int((flick.duration * 30).rounded(.up)) + 1
        #expect(plan.frames.count == moving + 15)
        #expect(plan.frames.first?.offset == 0)
        #expect(plan.frames[moving - 1].offset == 3000)
        #expect(plan.frames.suffix(16).allSatisfy { $0.offset == 3000 })
        #expect(zip(plan.frames, plan.frames.dropFirst()).allSatisfy { $0.offset <= $1.offset })
        #expect(plan.frames.allSatisfy { $0.page == 0 && $0.fade == 1 })

        // A right-to-left horizontal feed starts at its right end.
        let fromEnd = ClipPlan(request: request, lengths: [3800], scale: 2, fromEnd: true)
        #expect(fromEnd.frames.first?.offset == 3000 && fromEnd.frames.last?.offset == 0)

        // A duration cuts the clip, or holds its last screen longer.
        var short = request
        short.duration = 1
        #expect(ClipPlan(request: short, lengths: [3800], scale: 2, fromEnd: false).frames.count == 30)
        var long = request
        long.duration = 10
        long.from = 500
        long.to = 9000
        let held = ClipPlan(request: long, lengths: [3800], scale: 2, fromEnd: false)
        #expect(held.frames.count == 300 && held.frames.first?.offset == 500 && held.frames.last?.offset == 3000)
    }

    @Test func loadingMoreHoldsTheEndFadesThePageInAndScrollsOn() {
        var request = ClipRequest(animation: .loadMore, viewport: 800, formats: [.gif])
        request.pages = 2
        let plan = ClipPlan(request: request, lengths: [2000, 3000, 3500], scale: 2, fromEnd: false)
        let pages = plan.frames.map(\.page)
        #expect(pages == pages.sorted() && Set(pages) == [0, 1, 2])
        for page in 1...2 {
            let fading = plan.frames.filter { $0.page == page && $0.fade < 1 }
            // 0.3 s at 30 fps: 9 frames from 1/9 to 8/9, then the 9th at 1.
            #expect(fading.map(\.fade) == (1...8).map { (step: Int) -> Double in Double(step) / 9 })
            let end = page == 1 ? 1200.0 : 2200.0
            #expect(fading.allSatisfy { $0.offset == end })
            let held = plan.frames.filter { $0.page == page - 1 && $0.offset == end }
            #expect(held.count >= 15)
        }
        #expect(plan.frames.last?.offset == 2700)
    }

    @Test func framesAreHandedOverInOrderAndAFailureStopsTheStream() throws {
        var seen: [Int] = []
        try FrameStream.run(count: 40, workers: 3, window: 2) { index in
            PixelImage(width: 1, height: 1, pixels: [UInt8(index), 0, 0, 255])
        } consume: { index, frame in
            #expect(Int(frame.pixels[0]) == index)
            seen.append(index)
        }
        #expect(seen == Array(0..<40))

        struct Broken: Error {}
        var consumed = 0
        #expect(throws: Broken.self) {
            try FrameStream.run(count: 1000, workers: 2, window: 4) { index in
                if index == 20 { throw Broken() }
                return PixelImage(width: 1, height: 1, pixels: [0, 0, 0, 255])
            } consume: { _, _ in
                consumed += 1
            }
        }
        // Frames drawn before the failure may or may not be handed over; none after it is.
        #expect(consumed <= 20)
    }
}
