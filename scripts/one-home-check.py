#!/usr/bin/env python3
"""Checks that each shared utility has one home (issue 48): no second lock type, worker pool, JSON
encoder setting, number formatter, path canonicaliser or temporary-folder helper in Sources/.

Prints one line an offence, `PATH:LINE: WHAT — use HOME (FILE)`, and exits 1; prints nothing and
exits 0 when every use is in its home. Comments (`//`, `/* */`) and string literals do not count.
    python3 scripts/one-home-check.py [--root FOLDER]
FOLDER (the repository by default) is the folder holding Sources/; paths print relative to it.
Bad arguments or a FOLDER without Sources/ exit 2 with one line on stderr.
"""
import os
import re
import sys

LOCKED = ("Locked", "Sources/WaterfallCore/Locked.swift")
WORKERS = ("WorkerPool", "Sources/WaterfallCore/WorkerPool.swift")
JSON = ("JSONOutput", "Sources/WaterfallCore/JSONOutput.swift")
NUMBERS = ("ShortestNumber", "Sources/WaterfallCore/ShortestNumber.swift")
PATHS = ("ReadRule, NamedFolder or Beneath", "Sources/WaterfallCore/ReadRule.swift")
TEMPORARY = ("TemporaryFiles", "Sources/WaterfallPipeline/Files/TemporaryFiles.swift")

LOCK_HOMES = {"Sources/WaterfallCore/Locked.swift", "Sources/WaterfallCore/LockedCondition.swift"}
THREAD_HOMES = {"Sources/WaterfallCore/WorkerPool.swift", "Sources/WaterfallCore/StackThread.swift"}
PATH_HOMES = {
    "Sources/WaterfallCore/ReadRule.swift",
    "Sources/WaterfallCore/NamedFolder.swift",
    "Sources/WaterfallCore/Beneath.swift",
}

# (what the line says, pattern, the files it may be in, the home to use instead)
RULES = [
    ("NSLock", r"\bNSLock\b", LOCK_HOMES, LOCKED),
    ("NSRecursiveLock", r"\bNSRecursiveLock\b", LOCK_HOMES, LOCKED),
    ("NSCondition", r"\bNSCondition(Lock)?\b", LOCK_HOMES, LOCKED),
    ("os_unfair_lock", r"\bos_unfair_lock", LOCK_HOMES, LOCKED),
    ("pthread_mutex", r"\bpthread_mutex", LOCK_HOMES, LOCKED),
    ("pthread_cond", r"\bpthread_cond", LOCK_HOMES, LOCKED),
    ("Mutex", r"\bMutex\s*[<(]", LOCK_HOMES, LOCKED),
    ("DispatchQueue.concurrentPerform", r"\bDispatchQueue\s*\.\s*concurrentPerform\b", THREAD_HOMES, WORKERS),
    ("DispatchQueue.global", r"\bDispatchQueue\s*\.\s*global\b", THREAD_HOMES, WORKERS),
    ("OperationQueue", r"\bOperationQueue\b", THREAD_HOMES, WORKERS),
    ("Thread(", r"(?<![\w.])Thread\s*\(", THREAD_HOMES, WORKERS),
    ("Thread.detachNewThread", r"\bThread\s*\.\s*detachNewThread", THREAD_HOMES, WORKERS),
    ("pthread_create", r"\bpthread_create\b", THREAD_HOMES, WORKERS),
    ("JSONEncoder()", r"\bJSONEncoder\s*\(", {JSON[1]}, JSON),
    ("outputFormatting", r"\.outputFormatting\b", {JSON[1]}, JSON),
    ("NumberFormatter", r"\bNumberFormatter\b", {NUMBERS[1]}, NUMBERS),
    ("realpath(", r"\brealpath\s*\(", PATH_HOMES, PATHS),
    ("resolvingSymlinksInPath", r"\bresolvingSymlinksInPath\b", PATH_HOMES, PATHS),
    ("standardizingPath", r"\bstandardizingPath\b", PATH_HOMES, PATHS),
    ("FileManager.default.temporaryDirectory", r"\bFileManager\s*\.\s*default\s*\.\s*temporaryDirectory\b",
     {TEMPORARY[1]}, TEMPORARY),
]
COMPILED = [(what, re.compile(pattern), homes, home) for what, pattern, homes, home in RULES]

STRING = re.compile(r'"(?:\\.|[^"\\])*"')


def code_lines(text):
    """Each line of Swift `text` with its comments and string literals blanked, numbered from 1."""
    in_block = 0
    in_multiline_string = False
    for number, line in enumerate(text.split("\n"), start=1):
        out = []
        i = 0
        while i < len(line):
            if in_multiline_string:
                end = line.find('"""', i)
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
                i = match.end() if match else len(line)
                out.append('""')
            elif line.startswith("//", i):
                break
            elif line.startswith("/*", i):
                in_block = 1
                i += 2
            else:
                out.append(line[i])
                i += 1
        yield number, "".join(out)


def offences(root):
    """Every `(path, line, what, home)` under `root`/Sources, in path and line order."""
    found = []
    sources = os.path.join(root, "Sources")
    for folder, folders, files in os.walk(sources):
        folders.sort()
        for name in sorted(files):
            if not name.endswith(".swift"):
                continue
            full = os.path.join(folder, name)
            path = os.path.relpath(full, root).replace(os.sep, "/")
            with open(full, encoding="utf-8", errors="replace") as handle:
                text = handle.read()
            for number, code in code_lines(text):
                for what, pattern, homes, home in COMPILED:
                    if path not in homes and pattern.search(code):
                        found.append((path, number, what, home))
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
