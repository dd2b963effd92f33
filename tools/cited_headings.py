#!/usr/bin/env python3
"""Every heading of BENCHMARKS.md or bench/HISTORY.md that the code cites by name exists: a
comment that says `bench/HISTORY.md, "Const evaluation"` or `BENCHMARKS.md ("Today's
figures")` points at a heading of that file that starts with those words. Exits 1 naming each citation that points nowhere.
CI runs it; so does anyone who renames a heading.

    python3 tools/cited_headings.py

Needs only python3."""
import os
import re
import sys

ROOTS = ["nqueens", "nqueens-core", "nqueens-join", "nqueens-cli", "nqueens-gpu", "nqueens-macros", "tests", "firmware/src",
         "web/src", "bench", "tools"]
CITE = re.compile(r'(BENCHMARKS\.md|bench/HISTORY\.md)[,:]?\s*\(?\s*"([^"]+)"')
FILES = ("BENCHMARKS.md", "bench/HISTORY.md")


def main():
    here = os.path.join(os.path.dirname(os.path.abspath(__file__)), "..")
    headings = {f: [l.lstrip("#").strip() for l in open(os.path.join(here, f)) if l.startswith("#")]
                for f in FILES}
    bad, cited = [], 0
    for root in ROOTS:
        for folder, dirs, files in os.walk(os.path.join(here, root)):
            dirs[:] = [d for d in dirs if d != "target"]
            for name in files:
                if not name.endswith((".rs", ".sh", ".py")) or name == "cited_headings.py":
                    continue
                path = os.path.join(folder, name)
                # The comments alone (a citation is in one, and may wrap onto the next line).
                lines = open(path, errors="replace").read().splitlines()
                comments = [re.sub(r"^\s*(//[/!]?|#)\s?", "", l) for l in lines
                            if re.match(r"\s*(//|#)", l)]
                text = " ".join(comments)
                for m in CITE.finditer(text):
                    cited += 1
                    cited_file, heading = m.group(1), m.group(2)
                    if not any(h.startswith(heading) for h in headings[cited_file]):
                        bad.append(f"{os.path.relpath(path, here)}: {cited_file} has no heading \"{heading}\"")
    for line in bad:
        print(line, file=sys.stderr)
    print(f"cited_headings.py: {cited} citations of headings, {len(bad)} pointing nowhere")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
