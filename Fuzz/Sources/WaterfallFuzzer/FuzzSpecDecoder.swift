import Glibc
import WaterfallLayout
import WaterfallSpec

/// libFuzzer's entry point: any bytes through the spec decoder and, when they decode, the layout
/// and its queries. A crash, a trap or a contract violation stops the fuzzer with the input saved.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzSpecDecoder(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    guard let text = String(validating: UnsafeBufferPointer(start: data, count: size), as: UTF8.self) else {
        return 0
    }
    guard let spec = try? Spec.decode(text), let layout = try? spec.layout() else { return 0 }
    let size = layout.contentSize
    let all = layout.layoutAttributesForAllElements()
    for element in all {
        // Every element lies inside the content, and queries find it.
        precondition(element.frame.maxY <= size.height + 1e-6 * max(1, size.height), "element below the content")
        if element.frame.width > 0, element.frame.height > 0 {
            let found = layout.layoutAttributesForElements(in: element.frame)
            precondition(found.contains(element), "a query missed an element")
        }
    }
    return 0
}

/// The program's entry point. SwiftPM links an executable's `main` to `<Module>_main`; here it
/// hands control to libFuzzer's driver, which calls ``fuzzSpecDecoder(_:_:)`` for each input.
@_cdecl("WaterfallFuzzer_main")
public func fuzzerMain(_ argc: CInt, _ argv: UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?) -> CInt {
    typealias Callback = @convention(c) (UnsafePointer<UInt8>?, Int) -> CInt
    typealias Driver = @convention(c) (
        UnsafeMutablePointer<CInt>, UnsafeMutablePointer<UnsafeMutablePointer<UnsafeMutablePointer<CChar>?>?>, Callback
    ) -> CInt
    guard let symbol = dlsym(UnsafeMutableRawPointer(bitPattern: 0), "LLVMFuzzerRunDriver") else {
        _ = "libFuzzer's driver is not linked in; build with -sanitize=fuzzer\n".withCString { write(2, $0, strlen($0)) }
        return 2
    }
    let driver = unsafeBitCast(symbol, to: Driver.self)
    var count = argc
    var arguments = argv
    return driver(&count, &arguments) { data, size in
        guard let data else { return 0 }
        return fuzzSpecDecoder(data, size)
    }
}
