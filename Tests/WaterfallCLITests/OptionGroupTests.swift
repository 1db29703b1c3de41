import ArgumentParser
import Testing

@testable import WaterfallCLI

/// The option groups of every command hold options only, never another group.
///
/// In a debug build swift-argument-parser checks each group's arguments, and for each of its five
/// checks builds the argument set of every group inside it, which checks that group again. Three
/// levels of groups (`render` → its render options → drawing → fetch and read) made every start
/// of a debug `waterfall` spend half a second parsing; a flat command spends a tenth of that.
@Suite struct OptionGroupTests {
    @Test func noOptionGroupHoldsAnother() throws {
        var commands = Waterfall.configuration.subcommands
        #expect(commands.count >= 8)
        var checked = 0
        while let command = commands.popLast() {
            commands += command.configuration.subcommands
            for group in Self.groups(in: command) {
                #expect(Self.groups(in: group).isEmpty, "\(command) holds \(group), which holds another group")
                checked += 1
            }
        }
        // render's and examples' five groups, check's five, and the rest: a walk that found none
        // would prove nothing.
        #expect(checked >= 20)
    }

    /// The types of the `@OptionGroup` properties of `type`.
    static func groups(in type: any ParsableArguments.Type) -> [any ParsableArguments.Type] {
        Mirror(reflecting: type.init()).children.compactMap { child in
            (Swift.type(of: child.value) as? any OptionGroupProbe.Type)?.groupType
        }
    }
}

/// Names the type an `@OptionGroup` property holds.
protocol OptionGroupProbe {
    static var groupType: any ParsableArguments.Type { get }
}

extension OptionGroup: OptionGroupProbe {
    static var groupType: any ParsableArguments.Type { Value.self }
}
