import Foundation
import Testing
import WaterfallCairo
import WaterfallCore
import WaterfallDiff
import WaterfallLayout
import WaterfallPipeline
import WaterfallReview
import WaterfallTestSupport

/// What `waterfall diff` takes a file for: a PNG by its signature, a layout dump by its form,
/// anything else in UTF-8 a spec; and a file it cannot read, named.
@Suite struct ComparedFileTests {
    static let spec = "width: 200\nsections:\n  - columns: 2\n    items: [{height: 40}, {height: 60}, {height: 30}]\n"

    func write(_ bytes: [UInt8], _ name: String, in folder: TemporaryFolder) throws -> String {
        let path = folder.path + "/" + name
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test func eachKindIsToldByItsBytesNotItsName() throws {
        let folder = try TemporaryFolder()
        let png = try write(PNGCodec.encode(PixelImage(width: 3, height: 2, color: .white)), "picture.yaml", in: folder)
        let spec = try write(Array(Self.spec.utf8), "feed.png", in: folder)
        guard case .png(let bytes) = try ComparedFile.read(png) else {
            Issue.record("a PNG named .yaml is a PNG")
            return
        }
        #expect(PNGFormat.hasSignature(bytes))
        guard case .spec(let path) = try ComparedFile.read(spec) else {
            Issue.record("a spec named .png is a spec")
            return
        }
        #expect(path == spec)
        #expect(try ComparedFile.read(png).layout(allowing: []) == nil)
    }

    @Test func aSpecIsLaidOutAsItsLayoutDumpSays() throws {
        let folder = try TemporaryFolder()
        let spec = try write(Array(Self.spec.utf8), "feed.yaml", in: folder)
        let laidOut = try #require(try ComparedFile.read(spec).layout(allowing: []))
        var dump: [UInt8] = []
        LayoutDump.writeBytes(contentSize: laidOut.contentSize, elements: laidOut.elements, pretty: false) {
            dump += $0
        }
        let dumped = try write(dump, "feed.layout.json", in: folder)
        guard case .layout(let read) = try ComparedFile.read(dumped) else {
            Issue.record("a layout dump is a layout")
            return
        }
        #expect(read == laidOut)
        #expect(read.elements.count == 3)
    }

    @Test func whatCannotBeReadIsOneLineNamingThePath() throws {
        let folder = try TemporaryFolder()
        let binary = try write([0xFF, 0xFE, 0x00, 0x80], "noise.bin", in: folder)
        for (path, message) in [
            (folder.path + "/missing.png", "no such file"), (folder.path, "is a directory"),
            (binary, "is neither a PNG nor UTF-8 text"),
        ] {
            #expect {
                _ = try ComparedFile.read(path)
            } throws: { error in
                (error as? FileError)?.description == "\(path): \(message)"
            }
        }
    }
}
