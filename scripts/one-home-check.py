#!/usr/bin/env python3
"""Checks that each shared utility has one home (issue 48): no second lock type, worker pool, JSON
encoder setting or hand-built JSON, number formatter, path joiner or canonicaliser, bounded reader,
temporary-folder helper, or list or lines joined by hand in Sources/; no temporary folder
made outside TemporaryFolder in Tests/; no CSS outside the shared partials (Templates/partials/)
in Templates/ and Sources/.

Prints one line an offence, `PATH:LINE: WHAT — use HOME (FILE)`, and exits 1; prints nothing and
exits 0 when every use is in its home. Comments (`//`, `/* */`) do not count, and string literals
count only for the rules about what they hold (a path, JSON or CSS written by hand).
    python3 scripts/one-home-check.py [--root FOLDER]
FOLDER (the repository by default) is the folder holding Sources/ (and Tests/ and Templates/, when
there); paths print relative to it. Bad arguments or a FOLDER without Sources/ exit 2 with one line
on stderr.
"""
import os
import re
import sys

LOCKED = ("Locked", "Sources/WaterfallCore/Locked.swift")
WORKERS = ("WorkerPool", "Sources/WaterfallCore/WorkerPool.swift")
JSON = ("JSONOutput", "Sources/WaterfallCore/JSONOutput.swift")
NUMBERS = ("ShortestNumber", "Sources/WaterfallCore/ShortestNumber.swift")
PATHS = ("ReadRule, NamedFolder or Beneath", "Sources/WaterfallCore/ReadRule.swift")
JOIN = ("Path.join or Path.resolve", "Sources/WaterfallCore/Path.swift")
NAMES = ("folderPart, Path.lastComponent or Path.normalized", "Sources/WaterfallCore/Path.swift")
READER = ("RegularFile", "Sources/WaterfallCore/RegularFile.swift")
TEMPORARY = ("TemporaryFiles", "Sources/WaterfallPipeline/Files/TemporaryFiles.swift")
TEST_TEMPORARY = ("TemporaryFolder", "Tests/WaterfallTestSupport/TemporaryFolder.swift")
STYLES = ("a style partial", "Templates/style-*.mustache")
LISTS = ("ProseList", "Sources/WaterfallCore/ProseList.swift")
LINES = ("TextLines", "Sources/WaterfallCore/TextLines.swift")

LOCK_HOMES = {"Sources/WaterfallCore/Locked.swift", "Sources/WaterfallCore/LockedCondition.swift"}
THREAD_HOMES = {"Sources/WaterfallCore/WorkerPool.swift", "Sources/WaterfallCore/StackThread.swift"}
PATH_HOMES = {
    "Sources/WaterfallCore/ReadRule.swift",
    "Sources/WaterfallCore/NamedFolder.swift",
    "Sources/WaterfallCore/Beneath.swift",
}
# Reading a descriptor a block at a time is RegularFile's, except where what is read is not a
# whole file: a child process's output pipe, frames spooled and read back one by one, byte ranges
# of a served file, a digest streamed through a file.
READ_HOMES = {
    READER[1],
    "Sources/WaterfallMotion/Encoders/MP4Encoder.swift",
    "Sources/WaterfallMotion/Encoders/Internals/FrameSpool.swift",
    "Sources/WaterfallServe/ServedFile.swift",
    "Sources/WaterfallRender/FileDigest.swift",
}
WHOLE_FILE_HOMES = {READER[1]}
# JSON still written by hand, its bytes held where a change would show in every user's files:
# the layout dump's (Output/*.layout.json, and a fast path for feeds of millions of cards), the
# renderer fingerprint's and the recorded inputs' (beside the baselines, rewritten on every
# record). The layout diff, check results and serve's answers moved to JSONOutput; no other file
# may join these.
JSON_BY_HAND = {
    JSON[1],
    "Sources/WaterfallCore/LayoutDump/LayoutDump.swift",
    "Sources/WaterfallReview/Causes/RecordedInputs.swift",
    "Sources/WaterfallReview/Baselines/RendererFingerprint+File.swift",
}
# The server the fetch tests run is a target of its own that imports no test support.
TEST_TEMPORARY_HOMES = {TEST_TEMPORARY[1], "Tests/WaterfallTestServer/TestCertificate.swift"}
# Generated from Templates/ by scripts/bundle-templates.py: their CSS is the partials'.
GENERATED = {
    "Sources/WaterfallRender/Templates/BundledTemplates.swift",
    "Sources/WaterfallPages/PageTemplates+Texts.swift",
}

# A path's last name in an interpolation, before a `/`: `\(folder)/…`, `\(spec.baseDirectory)/…`.
PATH_NAME = re.compile(r"(?i)(folder|path|root|base|dir|directory|output|baselines|report|file|home|cache)\w*$")
INTERPOLATED_JOIN = re.compile(r"\\\(((?:[^()]|\([^()]*\))*)\)/(?=[\w.\\])")

# (what the line says, pattern, the files it may be in, the home to use instead); `code` rules see
# the line with its comments removed and its string literals emptied (but `"/"`, `", "` and `"\n"`),
# `text` rules each string literal's content.
RULES = [
    ("NSLock", "code", r"\bNSLock\b", LOCK_HOMES, LOCKED),
    ("NSRecursiveLock", "code", r"\bNSRecursiveLock\b", LOCK_HOMES, LOCKED),
    ("NSCondition", "code", r"\bNSCondition(Lock)?\b", LOCK_HOMES, LOCKED),
    ("os_unfair_lock", "code", r"\bos_unfair_lock", LOCK_HOMES, LOCKED),
    ("pthread_mutex", "code", r"\bpthread_mutex", LOCK_HOMES, LOCKED),
    ("pthread_cond", "code", r"\bpthread_cond", LOCK_HOMES, LOCKED),
    ("Mutex", "code", r"\bMutex\s*[<(]", LOCK_HOMES, LOCKED),
    ("DispatchQueue.concurrentPerform", "code", r"\bDispatchQueue\s*\.\s*concurrentPerform\b", THREAD_HOMES, WORKERS),
    ("DispatchQueue.global", "code", r"\bDispatchQueue\s*\.\s*global\b", THREAD_HOMES, WORKERS),
    ("OperationQueue", "code", r"\bOperationQueue\b", THREAD_HOMES, WORKERS),
    ("Thread(", "code", r"(?<![\w.])Thread\s*\(", THREAD_HOMES, WORKERS),
    ("Thread.detachNewThread", "code", r"\bThread\s*\.\s*detachNewThread", THREAD_HOMES, WORKERS),
    ("pthread_create", "code", r"\bpthread_create\b", THREAD_HOMES, WORKERS),
    ("JSONEncoder()", "code", r"\bJSONEncoder\s*\(", {JSON[1]}, JSON),
    ("outputFormatting", "code", r"\.outputFormatting\b", {JSON[1]}, JSON),
    ("JSON by hand", "text", r"(^\s*|[{,\[]\s*)\\\"(\w[\w-]*|\\\(.*?\))\\\"\s*:", JSON_BY_HAND, JSON),
    ("NumberFormatter", "code", r"\bNumberFormatter\b", {NUMBERS[1]}, NUMBERS),
    ("realpath(", "code", r"\brealpath\s*\(", PATH_HOMES, PATHS),
    ("resolvingSymlinksInPath", "code", r"\bresolvingSymlinksInPath\b", PATH_HOMES, PATHS),
    ("standardizingPath", "code", r"\bstandardizingPath\b", PATH_HOMES, PATHS),
    ("+ \"/\" +", "code", r'\+\s*"/"\s*\+', {JOIN[1]}, JOIN),
    ("appendingPathComponent", "code", r"\.appendingPathComponent\b", {JOIN[1]}, JOIN),
    ("appending(path:)", "code", r"\.appending\s*\(\s*(path|component)s?\s*:", {JOIN[1]}, JOIN),
    ("\"\\(…)/…\" path", "text", None, {JOIN[1]}, JOIN),
    # FilePath's own checks walk the whole path at each step: a quadratic walk in a debug build,
    # which every test of the binary runs.
    ("FilePath's names", "code", r"(?<!\bPath)\.(lastComponent|removeLastComponent|removingLastComponent|lexicallyNormalized)\b",
     {NAMES[1]}, NAMES),
    ("FileManager.default.contents(atPath:)", "code", r"\.contents\s*\(\s*atPath\s*:", WHOLE_FILE_HOMES, READER),
    ("Data(contentsOf:)", "code", r"\b(NS)?Data\s*\(\s*contentsOf(File)?\s*:", WHOLE_FILE_HOMES, READER),
    ("String(contentsOf…:)", "code", r"\b(NS)?String\s*\(\s*contentsOf(File)?\s*:", WHOLE_FILE_HOMES, READER),
    ("read( loop", "code", r"(?<![\w.])read\s*\(\s*[\w.$]+\s*,(?!\s*\w+\s*:)|\.read\s*\(\s*(into|fromAbsoluteOffset)\s*:", READ_HOMES, READER),
    ("FileManager.default.temporaryDirectory", "code", r"\bFileManager\s*\.\s*default\s*\.\s*temporaryDirectory\b",
     {TEMPORARY[1]}, TEMPORARY),
    ("NSTemporaryDirectory", "code", r"\bNSTemporaryDirectory\s*\(", {TEMPORARY[1]}, TEMPORARY),
    ("mkdtemp", "code", r"\bmkdtemp\s*\(", {TEMPORARY[1]}, TEMPORARY),
    # A list in a sentence, `a, b and c`: its last item joined by hand.
    ("a list joined by hand", "code", r'\.dropLast\s*\(\s*\)\s*\.joined\s*\(\s*separator\s*:\s*", "', {LISTS[1]}, LISTS),
    # Lines each ended by a newline: the last one's added by hand.
    ("lines joined by hand", "code", r'\.joined\s*\(\s*separator\s*:\s*"\\n"\s*\)\s*\+\s*"\\n"', {LINES[1]}, LINES),
    ("<style>", "text", r"<style\b", GENERATED, STYLES),
    ("CSS rule", "text", None, GENERATED, STYLES),
]
# In Tests/, only where temporary folders come from.
TEST_RULES = [
    ("FileManager.default.temporaryDirectory", "code", r"\bFileManager\s*\.\s*default\s*\.\s*temporaryDirectory\b",
     TEST_TEMPORARY_HOMES, TEST_TEMPORARY),
    ("NSTemporaryDirectory", "code", r"\bNSTemporaryDirectory\s*\(", TEST_TEMPORARY_HOMES, TEST_TEMPORARY),
    ("mkdtemp", "code", r"\bmkdtemp\s*\(", TEST_TEMPORARY_HOMES, TEST_TEMPORARY),
    ("\"/tmp/\"", "text", r"^/tmp/", TEST_TEMPORARY_HOMES, TEST_TEMPORARY),
]
# A style sheet's rule: a selector, then a declaration (`.page { width: 4px;`, `@font-face { src: …;`).
CSS_RULE = re.compile(r"(?:^|[\s;}])[.#@:*\w\[\]-][^<>{};\"=]*\{\s*[\w-]+\s*:[^{};]*;")
MUSTACHE_TAG = re.compile(r"\{\{\{?[^}]*\}?\}\}")

COMPILED = [(what, kind, pattern and re.compile(pattern), homes, home) for what, kind, pattern, homes, home in RULES]
TEST_COMPILED = [
    (what, kind, pattern and re.compile(pattern), homes, home) for what, kind, pattern, homes, home in TEST_RULES
]

STRING = re.compile(r'"(?:\\.|[^"\\])*"')
# Literals a `code` rule sees as they are: a path's separator, a list's and a line's end.
KEPT_LITERALS = {"/", ", ", "\\n"}


def code_lines(text):
    """Each line of Swift `text`, numbered from 1: its code with comments removed and string
    literals emptied (`"/"`, `", "` and `"\n"` kept), and the contents of the string literals on it."""
    in_block = 0
    in_multiline_string = False
    for number, line in enumerate(text.split("\n"), start=1):
        out = []
        literals = []
        i = 0
        while i < len(line):
            if in_multiline_string:
                end = line.find('"""', i)
                literals.append(line[i:] if end < 0 else line[i:end])
                if end < 0:
                    break
                in_multiline_string = False
                i = end + 3
            elif in_block:
                opening, closing = line.find("/*", i), line.find("*/", i)
                if closing < 0 and opening < 0:
                    break
                if opening >= 0 and (closing < 0 or opening < closing):
                    in_block += 1
                    i = opening + 2
                else:
                    in_block -= 1
                    i = closing + 2
            elif line.startswith('"""', i):
                in_multiline_string = True
                i += 3
            elif line.startswith('"', i):
                match = STRING.match(line, i)
                end = match.end() if match else len(line)
                literal = line[i + 1 : end - 1] if match else line[i + 1 :]
                literals.append(literal)
                out.append(f'"{literal}"' if literal in KEPT_LITERALS else '""')
                i = end
            elif line.startswith("//", i):
                break
            elif line.startswith("/*", i):
                in_block = 1
                i += 2
            else:
                out.append(line[i])
                i += 1
        yield number, "".join(out), literals


def css_rule(text):
    """Whether `text` (a template line or a string literal) holds a style sheet's rule."""
    return bool(CSS_RULE.search(MUSTACHE_TAG.sub("x", text)))


def interpolated_join(literal):
    """Whether a string literal builds a path by hand: `\(folder)/name`, `\(base)/\(file)`."""
    return any(PATH_NAME.search(match.group(1).strip()) for match in INTERPOLATED_JOIN.finditer(literal))


def swift_offences(root, top, rules):
    """Every `(path, line, what, home)` that `rules` find in the Swift files under `root`/`top`."""
    found = []
    for folder, folders, files in os.walk(os.path.join(root, top)):
        folders.sort()
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            full = os.path.join(folder, name)
            path = os.path.relpath(full, root).replace(os.sep, "/")
            with open(full, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
            for number, code, literals in code_lines(text):
                for what, kind, pattern, homes, home in rules:
                    if path in homes:
                        continue
                    if kind == "code":
                        hit = pattern.search(code)
                    elif pattern is None:
                        test = css_rule if what == "CSS rule" else interpolated_join
                        hit = any(test(literal) for literal in literals)
                    else:
                        hit = any(pattern.search(literal) for literal in literals)
                    if hit:
                        found.append((path, number, what, home))
    return found


def template_offences(root):
    """Every `(path, line, what, home)` in the templates of `root`/Templates but the style partials."""
    found = []
    folder = os.path.join(root, "Templates")
    if not os.path.isdir(folder):
        return found
    for name in sorted(os.listdir(folder)):
        if not name.endswith(".mustache") or name.startswith("style-"):
            continue
        with open(os.path.join(folder, name), encoding="utf-8", errors="replace") as handle:
            lines = handle.read().split("\n")
        for number, line in enumerate(lines, start=1):
            if re.search(r"<style\b", line):
                found.append((f"Templates/{name}", number, "<style>", STYLES))
            elif css_rule(line):
                found.append((f"Templates/{name}", number, "CSS rule", STYLES))
    return found


def offences(root):
    """Every `(path, line, what, home)` under `root`, in path and line order."""
    found = swift_offences(root, "Sources", COMPILED) + template_offences(root)
    if os.path.isdir(os.path.join(root, "Tests")):
        found += swift_offences(root, "Tests", TEST_COMPILED)
    return sorted(found)


def main(arguments):
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    if arguments[:1] == ["--root"] and len(arguments) == 2:
        root = arguments[1]
    elif arguments:
        sys.stderr.write("one-home-check.py: usage: one-home-check.py [--root FOLDER]\n")
        return 2
    if not os.path.isdir(os.path.join(root, "Sources")):
        sys.stderr.write(f"{root}: no Sources folder to check\n")
        return 2
    found = offences(root)
    for path, number, what, (name, file) in found:
        print(f"{path}:{number}: {what} — use {name} ({file})")
    return 1 if found else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
