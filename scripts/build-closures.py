#!/usr/bin/env python3
"""Prints what each product of the package compiles, and checks the rules of issue 48.

    python3 scripts/build-closures.py            # the table of CONTRIBUTING.md's "Build closures"
    python3 scripts/build-closures.py --check    # exit 1 naming each broken rule or a stale table

The manifest is read with `swift package dump-package` (or from `--manifest FILE`, its JSON). The
check fails when a product reaches a module it must not (the snapshot strategies a server or an
HTTP client, the layout engine anything at all, the pipeline the fetcher, `render`'s batch the
review library) or when the table in CONTRIBUTING.md is not the one printed. Bad arguments exit 2
with one line on stderr.
"""
import json
import os
import subprocess
import sys

# (product, what its closure must not hold, why)
RULES = [
    ("WaterfallLayout", None, "the layout engine compiles nothing else"),
    ("WaterfallSnapshotTesting",
     {"WaterfallReview", "WaterfallServe", "WaterfallPages", "WaterfallFetch", "WaterfallBatch",
      "hummingbird", "swift-nio", "async-http-client", "swift-nio-ssl"},
     "a snapshot test builds no review, server or HTTP code"),
    ("WaterfallPipeline", {"WaterfallFetch", "WaterfallReview", "WaterfallServe"},
     "the pipeline takes its images from an ImageSource, not the fetcher"),
    ("WaterfallBatch", {"WaterfallReview", "WaterfallServe", "WaterfallPages"},
     "render needs no review or server code"),
    ("WaterfallPages", {"hummingbird", "swift-nio"}, "the pages need no server"),
    ("WaterfallDiff", {"WaterfallReview"}, "picture comparison is below the review library"),
]
FORBIDDEN_EVERYWHERE = {"async-http-client", "swift-nio-ssl"}


def manifest(path):
    if path:
        with open(path, encoding="utf-8") as handle:
            return json.load(handle)
    root = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    text = subprocess.run(
        ["swift", "package", "--package-path", root, "dump-package"], check=True, capture_output=True, text=True
    ).stdout
    return json.loads(text)


def dependencies(target):
    for dependency in target.get("dependencies", []):
        if "byName" in dependency:
            yield ("target", dependency["byName"][0])
        elif "target" in dependency:
            yield ("target", dependency["target"][0])
        elif "product" in dependency:
            yield ("product", f"{dependency['product'][1]}/{dependency['product'][0]}")


def closure(targets, root):
    """The package's targets `root` reaches (itself included) and the other packages' products."""
    seen, products, stack = set(), set(), [root]
    while stack:
        name = stack.pop()
        if name in seen:
            continue
        seen.add(name)
        for kind, value in dependencies(targets[name]):
            (stack.append if kind == "target" else products.add)(value)
    return seen, products


def short(name):
    return name.replace("Waterfall", "")


def table(package):
    targets = {target["name"]: target for target in package["targets"]}
    lines = []
    for product in package["products"]:
        root = product["targets"][0]
        ours, products = closure(targets, root)
        modules = ", ".join(short(name) for name in sorted(ours - {root})) or "nothing"
        lines.append(f"| {product['name']} | {modules} | {', '.join(sorted(products)) or 'none'} |")
    return lines


def broken_rules(package):
    targets = {target["name"]: target for target in package["targets"]}
    problems = []
    for product, forbidden, why in RULES:
        if product not in targets:
            problems.append(f"{product}: not a target of the package")
            continue
        ours, products = closure(targets, product)
        reached = (ours - {product}) | {name.split("/")[0] for name in products}
        if forbidden is None:
            bad = sorted(reached)
        else:
            bad = sorted(name for name in reached if name in forbidden)
        if bad:
            problems.append(f"{product} reaches {', '.join(bad)}: {why}")
    for target in targets:
        _, products = closure(targets, target)
        for name in sorted(products):
            if name.split("/")[0] in FORBIDDEN_EVERYWHERE:
                problems.append(f"{target} reaches {name}: image URLs go through the system's libcurl")
    return problems


def main(arguments):
    check, path = False, None
    while arguments:
        argument = arguments.pop(0)
        if argument == "--check":
            check = True
        elif argument == "--manifest" and arguments:
            path = arguments.pop(0)
        else:
            print(f"build-closures.py: unknown argument {argument!r}; see --check, --manifest FILE", file=sys.stderr)
            return 2
    package = manifest(path)
    lines = table(package)
    if not check:
        print("\n".join(lines))
        return 0
    problems = broken_rules(package)
    contributing = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "CONTRIBUTING.md")
    with open(contributing, encoding="utf-8") as handle:
        documented = handle.read()
    if "\n".join(lines) not in documented:
        problems.append("CONTRIBUTING.md: the build closures table is stale; print it with "
                        "python3 scripts/build-closures.py")
    for problem in problems:
        print(problem)
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
