#!/usr/bin/env python3
"""Where unsafe code may be, checked: exits 1 with one line a finding if

- an `unsafe` block, function, impl or trait of the library crates lies outside
  nqueens-join/src/arch (the x86-64 kernels);
- a crate of the family that the firmware or a `--no-default-features` build links does not
  forbid unsafe code (`#![forbid(unsafe_code)]` in its root), or is the join itself.

    python3 tools/unsafe_crates.py

Needs cargo and python3; CI runs it in its lint stage."""
import json
import os
import re
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
LIBRARY = ["nqueens-core", "nqueens-join", "nqueens", "nqueens-macros", "nqueens-gpu"]
ARCH = os.path.join("nqueens-join", "src", "arch")
JOIN = "nqueens-tables-join"
UNSAFE = re.compile(r"\bunsafe\s*(\{|fn\b|impl\b|trait\b|extern\b)")


def code(line):
    """A line without its `//` comment (the sources put none in strings)."""
    return line.split("//", 1)[0]


def unsafe_outside_arch():
    found = []
    for crate in LIBRARY:
        for folder, _, files in os.walk(os.path.join(ROOT, crate, "src")):
            rel = os.path.relpath(folder, ROOT)
            if rel == ARCH or rel.startswith(ARCH + os.sep):
                continue
            for name in sorted(f for f in files if f.endswith(".rs")):
                path = os.path.join(folder, name)
                for no, line in enumerate(open(path), 1):
                    if UNSAFE.search(code(line)):
                        found.append(f"{os.path.relpath(path, ROOT)}:{no}: unsafe code outside {ARCH}")
    return found


def linked(args, cwd):
    """The packages of the family that `cargo tree args` (run in cwd) links."""
    out = subprocess.run(["cargo", "tree", "-e", "normal", "--prefix", "none", "-f", "{p}"] + args,
                         cwd=cwd, check=True, capture_output=True, text=True).stdout
    return {line.split()[0] for line in out.splitlines() if line.startswith("nqueens-tables")}


def roots():
    """Each workspace package's name and the root file of its library."""
    meta = json.loads(subprocess.run(["cargo", "metadata", "--no-deps", "--format-version", "1"],
                                     cwd=ROOT, check=True, capture_output=True, text=True).stdout)
    out = {}
    for package in meta["packages"]:
        for target in package["targets"]:
            if {"lib", "proc-macro"} & set(target["kind"]):
                out[package["name"]] = target["src_path"]
    return out


def main():
    problems = unsafe_outside_arch()
    root_of = roots()
    builds = {
        "nqueens-tables --no-default-features": linked(["-p", "nqueens-tables", "--no-default-features"], ROOT),
        "firmware/": linked([], os.path.join(ROOT, "firmware")),
    }
    for build, packages in builds.items():
        if not packages:
            problems.append(f"{build}: links no crate of the family (is cargo tree's output as expected?)")
        for package in sorted(packages):
            if package == JOIN:
                problems.append(f"{build} links {JOIN}, the crate with unsafe code")
            elif "#![forbid(unsafe_code)]" not in open(root_of[package]).read():
                problems.append(f"{build} links {package}, whose root does not forbid unsafe code")
    for line in problems:
        print(line, file=sys.stderr)
    linked_names = sorted(set().union(*builds.values()))
    print(f"unsafe_crates.py: {len(problems)} problems; the firmware and a no-default build link "
          f"{', '.join(linked_names)}")
    sys.exit(1 if problems else 0)


if __name__ == "__main__":
    main()
