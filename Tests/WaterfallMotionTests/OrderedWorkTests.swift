import Foundation
import Testing

@testable import WaterfallMotion

/// Work on other threads handed back in the order it was given.
struct OrderedWorkTests {
    private struct Failure: Error, Equatable { var index: Int }

    @Test func resultsComeBackInOrderWhateverOrderTheyFinishIn() throws {
        let work = OrderedWork<Int>(window: 4)
        var delivered: [Int] = []
        for index in 0..<40 {
            try work.submit {
                // Later pieces finish first within each window.
                usleep(UInt32((3 - index % 4) * 2_000))
                return index * index
            } then: {
                delivered.append($0)
            }
            #expect(delivered.count >= index + 1 - work.window, "at most the window is under way")
        }
        try work.finish()
        #expect(delivered == (0..<40).map { (index: Int) -> Int in index * index })
    }

    @Test func aFailureIsThrownInItsTurnAfterTheResultsBeforeIt() throws {
        let work = OrderedWork<Int>(window: 3)
        var delivered: [Int] = []
        #expect(throws: Failure(index: 5)) {
            for index in 0..<12 {
                try work.submit {
                    if index == 5 { throw Failure(index: index) }
                    return index
                } then: {
                    delivered.append($0)
                }
            }
            try work.finish()
        }
        #expect(delivered == [0, 1, 2, 3, 4])
    }
}
