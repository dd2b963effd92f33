#!/usr/bin/env python3
"""Rewrites a block of a Markdown file that a script prints, so that the file shows only real
output and never drifts from it.

    python3 tools/doc_block.py FILE NAME < output          # rewrite the block
    python3 tools/doc_block.py --check FILE NAME < output  # exit 1 if the block differs
    python3 tools/doc_block.py --raw FILE NAME < markdown  # the text as it is, no fence

The block is the text between the lines `<!-- NAME: begin -->` and `<!-- NAME: end -->`
(exclusive); it becomes a ```console fence holding standard input (with --raw, standard
input itself), trailing blank lines dropped. A missing marker is an error: the file says
where its blocks go.
"""
import sys


def main(argv):
    check = raw = False
    while argv[:1] in (["--check"], ["--raw"]):
        check, raw = check or argv[0] == "--check", raw or argv[0] == "--raw"
        argv = argv[1:]
    if len(argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    path, name = argv
    begin, end = f"<!-- {name}: begin -->", f"<!-- {name}: end -->"
    try:
        text = open(path, encoding="utf-8").read()
    except OSError as e:
        print(f"doc_block.py: {path}: {e.strerror}", file=sys.stderr)
        return 1
    lines = text.split("\n")
    try:
        a, b = lines.index(begin), lines.index(end)
    except ValueError:
        print(f"doc_block.py: {path} has no '{begin}' ... '{end}' lines", file=sys.stderr)
        return 1
    if b < a:
        print(f"doc_block.py: {path}: '{end}' comes before '{begin}'", file=sys.stderr)
        return 1
    body = sys.stdin.read().rstrip("\n").split("\n")
    block = body if raw else ["```console", *body, "```"]
    if check:
        if lines[a + 1 : b] != block:
            print(f"doc_block.py: {path}: the block '{name}' differs from the run; "
                  f"rewrite it without --check", file=sys.stderr)
            return 1
        return 0
    new = "\n".join(lines[: a + 1] + block + lines[b:])
    if new != text:
        with open(path, "w", encoding="utf-8") as f:
            f.write(new)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
