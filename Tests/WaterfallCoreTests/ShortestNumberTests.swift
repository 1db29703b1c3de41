import Testing
import WaterfallCore

/// Numbers for machines keep every digit; numbers in sentences keep one decimal.
@Suite struct ShortestNumberTests {
    @Test func machineTextKeepsEveryDigit() {
        #expect(ShortestNumber.text(375) == "375")
        #expect(ShortestNumber.text(60.833333333333336) == "60.833333333333336")
    }

    @Test(arguments: [
        (60.833333333333336, "60.8"), (74.16899999999998, "74.2"), (1434.0967380952375, "1434.1"), (12, "12"),
        (0.25, "0.3"), (-0.04, "0"), (-92.25, "-92.3"),
    ])
    func sentencesKeepOneDecimal(_ value: Double, _ text: String) {
        #expect(ShortestNumber.readable(value) == text)
    }
}
