#!/usr/bin/env python3
"""Waterfall's clips beside the pipeline they replace, in one run, alternating, on the same frames.

    bash scripts/setup.sh && swift build -c release --static-swift-stdlib --product waterfall
    python3 scripts/clip-benchmark.py [--rounds 3] [--binary .build/release/waterfall] [--markdown]

A 4-second, 30 fps clip of `Examples/10-photo-feed.yaml` scrolling on a 375 × 812 pt screen at
scale 2 (120 frames of 750 × 1624 px), written by `waterfall render --animate scroll` in each
format, against the way it is made without it: the same 120 frames written as PNG screens
(`waterfall render --viewport 812 --offset Y`, two at a time on the two cores), then encoded by
ffmpeg (GIF through palettegen/paletteuse with a palette a frame and no dithering, as Waterfall's
default; lossless WebP through libwebp_anim; APNG; H.264 at CRF 18, as Waterfall's default).
The pipeline's time is writing the PNG screens plus ffmpeg's encode. Before timing, every frame
of the PNG screens is checked to equal the APNG's frame, so both sides encode the same pictures.
Every timing is the median of `--rounds` rounds; peak memory is `/usr/bin/time -v`'s maximum
resident set size. The GIFs' quality is compared as their mean error against the exact frames, the MP4s' as SSIM
and PSNR against them (ffmpeg's filters, in RGB).
"""

import argparse
import math
import os
import shutil
import statistics
import subprocess
import sys
import tempfile
import time

FPS = 30
SECONDS = 4
VIEWPORT = 812
SCALE = 2
RATE = 0.998  # UIKit's normal deceleration: the velocity kept each millisecond


def timed(argv, cwd, env=None):
    """Wall time and peak resident memory (KiB) of one command."""
    start = time.perf_counter()
    completed = subprocess.run(["/usr/bin/time", "-v"] + argv, cwd=cwd, env=env, capture_output=True, text=True)
    elapsed = time.perf_counter() - start
    if completed.returncode != 0:
        raise SystemExit(f"{' '.join(argv)} failed: {completed.stderr[-2000:]}")
    peak = 0
    for line in completed.stderr.splitlines():
        if "Maximum resident set size" in line:
            peak = int(line.split()[-1])
    return elapsed, peak


def offsets(length):
    """The offsets of the clip's frames, as `render --animate scroll --duration 4 --fps 30` plans
    them: one flick from 0 to the end at UIKit's normal rate, on the device pixel grid."""
    distance = max(0.0, length - VIEWPORT)
    rest = 0.5 / SCALE
    duration = math.log(rest / distance) / math.log(RATE) / 1000 if distance > rest else 0
    frames = []
    count = int(math.ceil(duration * FPS)) + 1
    for index in range(count):
        seconds = index / FPS
        if seconds >= duration:
            offset = distance
        else:
            exact = distance * (1 - RATE ** (seconds * 1000))
            offset = math.floor(exact * SCALE + 0.5) / SCALE
        frames.append(offset)
    total = SECONDS * FPS
    frames = frames[:total] + [frames[-1]] * max(0, total - len(frames))
    return frames


def text(value):
    return str(int(value)) if value == int(value) else repr(value)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--binary", default=".build/release/waterfall")
    parser.add_argument("--spec", default="Examples/10-photo-feed.yaml")
    parser.add_argument("--markdown", action="store_true")
    parser.add_argument("--formats", default="apng,webp,gif,mp4", help="the formats to measure, comma-separated")
    args = parser.parse_args()
    binary = os.path.abspath(args.binary)
    directory = tempfile.mkdtemp(prefix="waterfall-clips-")
    spec = os.path.abspath(args.spec)
    name = os.path.splitext(os.path.basename(spec))[0]
    layout = subprocess.run([binary, "layout", spec], capture_output=True, check=True, text=True).stdout
    import json
    length = json.loads(layout)["contentSize"]["height"]
    planned = offsets(length)
    clip = ["--viewport", str(VIEWPORT), "--animate", "scroll", "--duration", str(SECONDS), "--fps", str(FPS)]

    def ours(fmt):
        out = os.path.join(directory, "ours-" + fmt)
        shutil.rmtree(out, ignore_errors=True)
        return timed([binary, "render", spec] + clip + ["--format", fmt, "--output", out], directory)

    def screens():
        out = os.path.join(directory, "screens")
        shutil.rmtree(out, ignore_errors=True)
        os.makedirs(out)
        distinct = sorted(set(planned))
        script = os.path.join(directory, "screens.sh")
        with open(script, "w") as f:
            f.write("#!/bin/sh\nexec \"$WATERFALL\" render \"$SPEC\" --viewport %d --offset \"$1\" --format png "
                    "--output \"$OUT\" >/dev/null\n" % VIEWPORT)
        env = dict(os.environ, WATERFALL=binary, SPEC=spec, OUT=out)
        start = time.perf_counter()
        # Two at a time, one a core, as a script making screenshots would.
        completed = subprocess.run(["xargs", "-P", "2", "-n", "1", "sh", script], input="\n".join(
            text(o) for o in distinct), text=True, env=env, capture_output=True)
        if completed.returncode != 0:
            raise SystemExit("screens failed: " + completed.stderr[-2000:])
        elapsed = time.perf_counter() - start
        # The frame sequence ffmpeg reads: frame K is the screen at its offset.
        frames = os.path.join(directory, "frames")
        shutil.rmtree(frames, ignore_errors=True)
        os.makedirs(frames)
        for index, offset in enumerate(planned):
            os.link(os.path.join(out, f"{name}.offset-{text(offset)}.png"), os.path.join(frames, f"f{index:04d}.png"))
        return elapsed

    ffmpeg_in = ["ffmpeg", "-v", "error", "-y", "-framerate", str(FPS), "-i", "frames/f%04d.png"]
    peers = {
        "gif": ffmpeg_in + ["-vf", "split[a][b];[a]palettegen=stats_mode=single[p];[b][p]paletteuse=new=1:dither=none",
                            "-loop", "0", "peer.gif"],
        "webp": ffmpeg_in + ["-c:v", "libwebp_anim", "-lossless", "1", "-loop", "0", "peer.webp"],
        "apng": ffmpeg_in + ["-plays", "0", "-f", "apng", "peer.png"],
        "mp4": ffmpeg_in + ["-pix_fmt", "yuv420p", "-c:v", "libx264", "-crf", "18", "-movflags", "+faststart",
                            "peer.mp4"],
    }
    formats = args.formats.split(",")
    if not formats or any(f not in peers for f in formats):
        raise SystemExit(f"--formats: each of {', '.join(peers)}")

    # The same frames on both sides: the PNG screens against our APNG's frames.
    screens()
    ours("apng")
    check = subprocess.run([sys.executable, "-c", """
import sys, os
from PIL import Image
apng = Image.open(sys.argv[1])
frames = []
for i in range(apng.n_frames):
    apng.seek(i)
    image = apng.convert('RGB')
    repeat = round(apng.info['duration'] * %d / 1000)
    frames += [image] * repeat
names = sorted(os.listdir(sys.argv[2]))
assert len(frames) == len(names), (len(frames), len(names))
for i, n in enumerate(names):
    assert Image.open(os.path.join(sys.argv[2], n)).convert('RGB').tobytes() == frames[i].tobytes(), n
print(len(names))
""" % FPS, os.path.join(directory, "ours-apng", f"{name}.scroll.png"), os.path.join(directory, "frames")],
        capture_output=True, text=True)
    if check.returncode != 0:
        raise SystemExit("the PNG screens are not the clip's frames: " + check.stderr[-2000:])

    samples = {}
    for round_ in range(args.rounds):
        print(f"round {round_ + 1}/{args.rounds}, load {os.getloadavg()[0]:.2f}", file=sys.stderr)
        samples.setdefault("screens", []).append((screens(), 0))
        for fmt in formats:
            samples.setdefault(("ours", fmt), []).append(ours(fmt))
            samples.setdefault(("ffmpeg", fmt), []).append(timed(peers[fmt], directory))
        if len(formats) > 1:
            samples.setdefault(("ours", "all"), []).append(ours(",".join(formats)))

    def median(key):
        values = samples[key]
        return statistics.median(v[0] for v in values), max(v[1] for v in values)

    def size(path):
        return os.path.getsize(os.path.join(directory, path))

    def gif_error(path):
        script = """
import sys, os
from PIL import Image
clip = Image.open(sys.argv[1]); names = sorted(os.listdir(sys.argv[2])); total = 0; count = 0; shown = []
for i in range(clip.n_frames):
    clip.seek(i); image = clip.convert('RGB'); shown += [image] * max(1, round(clip.info['duration'] * 30 / 1000))
for i, n in enumerate(names):
    a = Image.open(os.path.join(sys.argv[2], n)).convert('RGB').tobytes(); b = shown[min(i, len(shown) - 1)].tobytes()
    total += sum(abs(x - y) for x, y in zip(a[::7], b[::7])); count += len(a[::7])
print(total / count)
"""
        done = subprocess.run([sys.executable, "-c", script, os.path.join(directory, path),
                               os.path.join(directory, "frames")], capture_output=True, text=True, check=True)
        return float(done.stdout)

    screens_time, _ = median("screens")
    rows = []
    files = {"apng": f"{name}.scroll.png", "webp": f"{name}.scroll.webp", "gif": f"{name}.scroll.gif",
             "mp4": f"{name}.scroll.mp4"}
    peer_files = {"apng": "peer.png", "webp": "peer.webp", "gif": "peer.gif", "mp4": "peer.mp4"}
    for fmt in formats:
        ours_time, ours_peak = median(("ours", fmt))
        encode, peer_peak = median(("ffmpeg", fmt))
        pipeline = screens_time + encode
        rows.append((f"{fmt}: time, clip vs PNG screens + ffmpeg (s)", ours_time, pipeline, pipeline / ours_time, 3))
        ours_bytes = size(os.path.join("ours-" + fmt, files[fmt]))
        peer_bytes = size(peer_files[fmt])
        rows.append((f"{fmt}: file size vs ffmpeg's (KiB)", ours_bytes / 1024, peer_bytes / 1024,
                     peer_bytes / ours_bytes, 1))
        rows.append((f"{fmt}: peak memory vs ffmpeg's encode (MiB)", ours_peak / 1024, peer_peak / 1024,
                     peer_peak / ours_peak, None))
    def video_quality(path):
        """SSIM and PSNR (dB) of an MP4's frames against the exact ones, in RGB, by ffmpeg."""
        values = []
        for metric, key in (("ssim", "All:"), ("psnr", "average:")):
            done = subprocess.run(
                ["ffmpeg", "-v", "info", "-i", os.path.join(directory, path), "-framerate", str(FPS), "-i",
                 os.path.join(directory, "frames", "f%04d.png"), "-lavfi",
                 f"[0:v]format=rgb24[a];[1:v]format=rgb24[b];[a][b]{metric}", "-f", "null", "-"],
                capture_output=True, text=True, check=True)
            line = [part for part in done.stderr.split() if part.startswith(key)][-1]
            values.append(float(line[len(key):]))
        return values

    if "mp4" in formats:
        ours_video = video_quality(os.path.join("ours-mp4", files["mp4"]))
        peer_video = video_quality(peer_files["mp4"])
        rows.append(("mp4: SSIM against the exact frames (higher is better)", ours_video[0], peer_video[0],
                     None, None))
        rows.append(("mp4: PSNR against the exact frames (dB, higher is better)", ours_video[1], peer_video[1],
                     None, None))
    if "gif" in formats:
        ours_gif = gif_error(os.path.join("ours-gif", files["gif"]))
        peer_gif = gif_error(peer_files["gif"])
        rows.append(("gif: mean error per channel against the exact frames (0–255)", ours_gif, peer_gif,
                     peer_gif / ours_gif if ours_gif else None, None))
    if len(formats) > 1:
        all_time, all_peak = median(("ours", "all"))
        pipelines = sum(median(("ffmpeg", f))[0] for f in formats) + screens_time
        rows.append((f"all {len(formats)} formats in one run vs {len(formats)} pipelines (s)", all_time,
                     pipelines, pipelines / all_time, 3))
        rows.append((f"all {len(formats)} formats in one run: peak memory (MiB)", all_peak / 1024, None, None,
                     None))

    print(f"clip: {name}, {len(planned)} frames of {375 * SCALE}×{VIEWPORT * SCALE} px, "
          f"{len(set(planned))} distinct screens; PNG screens: {screens_time:.3g} s (median)")
    print(f"load average at the end: {os.getloadavg()}")
    print("| figure | waterfall | pipeline / peer | advantage (peer ÷ waterfall) | target | met |")
    print("| --- | ---: | ---: | ---: | ---: | --- |")
    for figure, ours_value, peer_value, ratio, target in rows:
        def fmt(v):
            return "–" if v is None else f"{v:.5g}" if 0.9 < v < 1 else f"{v:.3g}"
        met = "" if target is None or ratio is None else ("yes" if ratio >= target else "**no**")
        print(f"| {figure} | {fmt(ours_value)} | {fmt(peer_value)} | {fmt(ratio)}× | "
              f"{'' if target is None else '≥ ' + format(target, '.3g') + '×'} | {met} |")
    shutil.rmtree(directory, ignore_errors=True)


if __name__ == "__main__":
    main()
