#!/usr/bin/env python3
"""The public API of a crate, as its rustdoc pages show it: one line an item (its
declaration) and one a method of its own (its signature), and the traits it implements, sorted.
With --check FILE it fails if FILE (the committed listing) differs, and prints the diff, so
that a change to the API shows in review as a change to FILE; --write FILE rewrites it.

    cargo doc -p nqueens-tables --no-deps --all-features
    python3 tools/public_api.py target/doc/nqueens_tables --check nqueens/public-api.txt
    python3 tools/public_api.py target/doc/nqueens_tables --write nqueens/public-api.txt

Blanket and auto-trait implementations are left out (they come from the standard library,
not from the crate). Needs only python3."""
import argparse
import difflib
import html
import os
import re
import sys

KINDS = ("struct", "enum", "fn", "constant", "static", "macro", "trait", "type")


def text(fragment):
    """The text of an HTML fragment, on one line."""
    fragment = re.sub(r"<[^>]+>", "", fragment)
    return re.sub(r"\s+", " ", html.unescape(fragment)).strip()


def section(page, start, ends):
    """The part of `page` from the element with id `start` to the first of `ends`."""
    at = page.find(f'id="{start}"')
    if at < 0:
        return ""
    stops = [page.find(f'id="{e}"', at) for e in ends]
    stops = [s for s in stops if s >= 0]
    return page[at : min(stops) if stops else len(page)]


def listing(doc):
    crate = os.path.basename(os.path.normpath(doc))
    index = open(os.path.join(doc, "all.html")).read()
    pages = sorted(set(re.findall(r'href="((?:%s)\.[A-Za-z0-9_]+\.html)"' % "|".join(KINDS), index)))
    lines = []
    for name in pages:
        page = open(os.path.join(doc, name)).read()
        kind, item = name.split(".")[:2]
        decl = re.search(r'<pre class="rust item-decl"><code>(.*?)</code></pre>', page, re.S)
        lines.append(f"{crate}::{item}: {text(decl.group(1)) if decl else kind}")
        own = section(page, "implementations-list", ["trait-implementations", "synthetic-implementations",
                                                       "blanket-implementations"])
        for header in re.findall(r'<h4 class="code-header">(.*?)</h4>', own, re.S):
            lines.append(f"{crate}::{item}: {text(header)}")
        traits = section(page, "trait-implementations-list", ["synthetic-implementations",
                                                              "blanket-implementations"])
        for header in re.findall(r'<h3 class="code-header">(.*?)</h3>', traits, re.S):
            # A marker the compiler derives with PartialEq, not an API of the crate's.
            if "StructuralPartialEq" not in header:
                lines.append(f"{crate}::{item}: {text(header)}")
    return sorted(set(lines))


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("doc", help="the crate's folder under target/doc")
    group = parser.add_mutually_exclusive_group(required=True)
    group.add_argument("--check", metavar="FILE")
    group.add_argument("--write", metavar="FILE")
    args = parser.parse_args()
    now = [l + "\n" for l in listing(args.doc)]
    if args.write:
        open(args.write, "w").writelines(now)
        print(f"public_api.py: {args.write}: {len(now)} lines")
        return
    then = open(args.check).readlines()
    if then == now:
        print(f"public_api.py: {args.check}: the public API is as listed ({len(now)} lines)")
        return
    sys.stdout.writelines(difflib.unified_diff(then, now, args.check, "the API as built"))
    print(f"public_api.py: the public API differs from {args.check} (above): if the change is "
          f"meant, rewrite it with --write and commit it", file=sys.stderr)
    sys.exit(1)


if __name__ == "__main__":
    main()
