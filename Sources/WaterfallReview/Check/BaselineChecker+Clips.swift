import Dispatch
import Foundation
import WaterfallBatch
import WaterfallCairo
import WaterfallCore
import WaterfallDiff
import WaterfallMotion
import WaterfallPipeline
import WaterfallSpec

extension BaselineChecker {
    /// Draws the clips `spec` declares (`variants: {animate: scroll}`) and compares each, frame by
    /// frame, with its baseline animated PNG: one check a clip, named as its file
    /// (`shop@375.dark.scroll`).
    ///
    /// Frames are compared as they are drawn, never all held. A clip that differs or has no
    /// baseline is drawn a second time into an animated PNG, for recording.
    func clipChecks(of spec: Spec, path: String, name: String) -> [SpecCheck] {
        let clips: [DeclaredClip]
        do {
            clips = try variants.clips(of: spec)
        } catch {
            return []
        }
        return clips.map { clip in
            let start = DispatchTime.now().uptimeNanoseconds
            let stem = clip.name(name)
            var check = SpecCheck(spec: path, name: stem, variant: String(stem.dropFirst(name.count)))
            do {
                try compare(clip, of: spec, check: &check)
            } catch {
                check.status = .failed
                check.error = "\(error)"
            }
            check.duration = Double(DispatchTime.now().uptimeNanoseconds - start) / 1e9
            return check
        }
    }

    private func compare(_ clip: DeclaredClip, of spec: Spec, check: inout SpecCheck) throws {
        var pipeline = pipeline
        pipeline.keepsImagePixels = true
        var writer = ClipWriter(pipeline: pipeline, request: clip.request)
        // The specs of a check are already spread over the cores.
        writer.workers = 1
        let prepared = try writer.prepare(clip.variant.apply(to: spec), name: check.name)
        let file = check.name + ".png"
        let location = Path.join(baselines, file)
        var comparison = SpecCheck.ClipComparison(frames: prepared.plan.frames.count, fps: clip.request.fps)
        let reference = try Self.readBaseline(at: location, limit: Self.maximumBaselineBytes)
        if let reference {
            var reader = try AnimatedPNGReader(bytes: reference, name: location)
            var baselineFrames: [PixelImage] = []
            var ticks = ClipTicks(fps: clip.request.fps)
            var finished = false
            try writer.draw(prepared) { index, frame in
                // The baseline's frames as the clip shows them, one tick at a time.
                while baselineFrames.isEmpty, !finished {
                    guard let next = try reader.next() else {
                        finished = true
                        break
                    }
                    baselineFrames = Array(repeating: next.image, count: ticks.add(next.seconds))
                }
                guard !baselineFrames.isEmpty else { return }
                let expected = baselineFrames.removeFirst()
                guard expected != frame else { return }
                let result = PixelDiff.compare(expected, frame, options: options)
                guard result.isDifferent else { return }
                comparison.differentFrames += 1
                if comparison.firstDifferentFrame == nil {
                    comparison.firstDifferentFrame = index
                    var tile = SpecCheck.Tile(suffix: "", pixelCount: frame.width * frame.height)
                    let (result, image) = PixelDiff.compareWithDiffImage(expected, frame, options: options)
                    tile.result = result
                    tile.diffImage = try image.pngBytes(name: file + " (diff)")
                    tile.reference = try expected.pngBytes(name: file)
                    tile.actual = try frame.pngBytes(name: file)
                    check.tiles = [tile]
                }
            }
            // The baseline's frames past the ones drawn count in its length.
            while let next = try reader.next() { _ = ticks.add(next.seconds) }
            comparison.baselineFrames = ticks.count
        }
        comparison.missing = reference == nil
        let changed = comparison.differentFrames > 0 || comparison.baselineFrames != comparison.frames
        if comparison.missing || changed || keepsUnchangedPictures {
            comparison.actual = try writer.apngBytes(prepared, name: location, limit: Self.maximumBaselineBytes)
        }
        if comparison.missing {
            check.tiles = []
        } else if changed, check.tiles.isEmpty {
            // Every frame both have is equal: the clip is longer or shorter.
            comparison.firstDifferentFrame = min(comparison.frames, comparison.baselineFrames ?? 0)
        }
        check.clip = comparison
        check.status = comparison.missing ? .new : (changed ? .changed : .passed)
    }
}
