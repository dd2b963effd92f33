#!/usr/bin/env python3
"""The import graph of one crate's src/, checked: exits 1 if a module imports another that
imports it back (through any number of steps), if a folder listed with --closed imports
anything outside itself, or if a module imports one of a layer above its own (--layers).
CI runs it on the library and the command, so that "a leaf stays a leaf" and the layers
ARCHITECTURE.md names are a check, not a comment.

    python3 tools/import_graph.py nqueens/src --closed arch --layers nqueens/layers.txt
    python3 tools/import_graph.py nqueens-cli/src --layers nqueens-cli/layers.txt

A layers file lists the crate's layers bottom up, a line each: `name: module module ...`
(top-level modules and folders; a folder stands for every module in it). A module may import
from its own layer and the ones below it, never from one above; a layer named with
`(apart)` after its name holds modules that import none of each other. Every module is in a
layer. Lines starting with `#` are comments.
    python3 tools/import_graph.py nqueens/src --print      # every edge, for a look

What counts as an import: a path through `crate::` (in `use` or inline) or `super::`, outside
comments and `#[cfg(test)]` modules. A name the crate root re-exports (`crate::Counter`)
counts as an import of the module it comes from. A folder's entry point (`join/mod.rs`) and
the files directly in that folder may use each other: the entry point declares the files,
and the files share the types it declares. Needs only python3."""
import argparse
import os
import re
import sys


def module_files(src):
    """Module path (`join/centered`, `` for the root) -> file."""
    found = {}
    for root, _, files in os.walk(src):
        for name in files:
            if not name.endswith(".rs"):
                continue
            rel = os.path.relpath(os.path.join(root, name), src)[: -len(".rs")]
            if rel in ("lib", "main"):
                rel = ""
            elif rel.endswith("/mod"):
                rel = rel[: -len("/mod")]
            found[rel] = os.path.join(root, name)
    return found


def code_of(text):
    """The text without comments, strings' contents or test modules (`#[cfg(test)]`,
    `#[cfg(all(test, ...))]`)."""
    text = re.sub(r'r(#*)"[\s\S]*?"\1', '""', text)
    text = re.sub(r"'(?:\\.|[^'\\])'", "' '", text)
    text = re.sub(r'"(?:\\[\s\S]|[^"\\])*"', '""', text)
    text = re.sub(r"/\*.*?\*/", " ", text, flags=re.S)
    text = re.sub(r"//[^\n]*", " ", text)
    out, at = [], 0
    test_module = r"#\[cfg\(([^\]]*)\)\]\s*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{"
    for m in re.finditer(test_module, text):
        cfg = m.group(1)
        if not re.search(r"\btest\b", cfg) or "not(test" in cfg or m.start() < at:
            continue
        out.append(text[at : m.start()])
        depth, i = 1, m.end()
        while i < len(text) and depth:
            depth += {"{": 1, "}": -1}.get(text[i], 0)
            i += 1
        at = i
    out.append(text[at:])
    return "".join(out)


def use_paths(tree, prefix=""):
    """Expands a use tree (`a::{b, c::{d, e}}`) into its paths."""
    tree = tree.strip()
    brace = tree.find("{")
    if brace < 0:
        return [prefix + tree.split(" as ")[0].strip()] if tree else []
    head, body = tree[:brace], tree[brace + 1 : tree.rfind("}")]
    parts, depth, start = [], 0, 0
    for i, ch in enumerate(body):
        depth += {"{": 1, "}": -1}.get(ch, 0)
        if ch == "," and depth == 0:
            parts.append(body[start:i])
            start = i + 1
    parts.append(body[start:])
    paths = []
    for part in parts:
        paths += use_paths(part, prefix + head)
    return paths


def paths_in(code):
    """Every `crate::...` and `super::...` path of the code, `use` trees expanded."""
    paths = []
    for m in re.finditer(r"\buse\s+((?:crate|super)::[^;]*);", code):
        paths += use_paths(m.group(1))
    code = re.sub(r"\buse\s+[^;]*;", " ", code)
    paths += re.findall(r"\b(?:crate|super)(?:::\w+)+", code)
    return paths


def resolve(path, here, modules, reexports):
    """The module a path from module `here` names: the longest module prefix of it."""
    segs = [s for s in path.split("::") if s and s != "self"]
    if segs[0] == "crate":
        segs = segs[1:]
    else:  # super:: of `join/centered` is `join`; of `join` (its mod.rs), the root.
        base = here.split("/")[:-1] if here else []
        while segs and segs[0] == "super":
            segs = segs[1:]
        segs = base + segs
    if len(segs) == 1 and segs[0] in reexports:
        return reexports[segs[0]]
    for k in range(len(segs), 0, -1):
        name = "/".join(segs[:k])
        if name in modules:
            return name
    return None


def graph(src):
    modules = module_files(src)
    root = code_of(open(modules[""]).read())
    reexports = {}
    for m in re.finditer(r"\bpub\s+use\s+([^;]*);", root):
        for p in use_paths(m.group(1)):
            segs = p.split("::")
            if "/".join(segs[:-1]) in modules:
                reexports[segs[-1]] = "/".join(segs[:-1])
    edges = {name: set() for name in modules}
    for name, file in modules.items():
        for path in paths_in(code_of(open(file).read())):
            target = resolve(path, name, modules, reexports)
            if target is None or target in ("", name):
                continue
            parent_of = lambda a, b: a.rsplit("/", 1)[0] == b if "/" in a else False
            if parent_of(name, target) or parent_of(target, name):
                continue
            edges[name].add(target)
    return edges


def cycles(edges):
    """The strongly connected groups of two or more modules (Tarjan)."""
    index, low, stack, on, groups = {}, {}, [], set(), []

    def visit(v):
        index[v] = low[v] = len(index)
        stack.append(v)
        on.add(v)
        for w in sorted(edges[v]):
            if w not in index:
                visit(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            group = []
            while True:
                w = stack.pop()
                on.discard(w)
                group.append(w)
                if w == v:
                    break
            if len(group) > 1:
                groups.append(sorted(group))

    sys.setrecursionlimit(10000)
    for v in sorted(edges):
        if v not in index:
            visit(v)
    return groups


def read_layers(path):
    """Top-level module -> (layer's place, its name, whether its modules stay apart)."""
    layers = {}
    for place, line in enumerate(l for l in open(path) if l.strip() and not l.startswith("#")):
        head, _, modules = line.partition(":")
        apart = "(apart)" in head
        name = head.replace("(apart)", "").strip()
        for module in modules.split():
            layers[module] = (place, name, apart)
    return layers


def layer_problems(edges, path):
    """Each import that goes up a layer, or between modules of a layer kept apart, and each
    module in no layer."""
    layers = read_layers(path)
    top = lambda module: module.split("/")[0]
    bad = []
    for name in sorted(edges):
        if name and top(name) not in layers:
            bad.append(f"{name} is in no layer of {path}")
    for name, targets in sorted(edges.items()):
        if not name or top(name) not in layers:
            continue
        place, layer, apart = layers[top(name)]
        for t in sorted(targets):
            if top(t) == top(name) or top(t) not in layers:
                continue
            t_place, t_layer, _ = layers[top(t)]
            if t_place > place:
                bad.append(f"{name} ({layer}) imports {t} of the layer above it, {t_layer}")
            elif t_place == place and apart:
                bad.append(f"{name} imports {t}: the modules of {layer} import none of each other")
    return bad


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("src")
    parser.add_argument("--closed", action="append", default=[],
                        help="a folder whose modules import nothing outside it")
    parser.add_argument("--print", action="store_true", help="print every edge")
    parser.add_argument("--layers", help="the crate's layers, bottom up (see above)")
    args = parser.parse_args()
    edges = graph(args.src)
    bad = []
    if args.layers:
        bad += layer_problems(edges, args.layers)
    for group in cycles(edges):
        bad.append("cycle: " + " -> ".join(group + group[:1]))
    for folder in args.closed:
        for name, targets in sorted(edges.items()):
            if name == folder or name.startswith(folder + "/"):
                for t in sorted(targets):
                    if t != folder and not t.startswith(folder + "/"):
                        bad.append(f"{name} imports {t}, outside the closed folder {folder}/")
    if args.print:
        for name in sorted(edges):
            print(f"{name or '(root)'} -> {', '.join(sorted(edges[name])) or '-'}")
    for line in bad:
        print(f"{args.src}: {line}", file=sys.stderr)
    count = sum(len(t) for t in edges.values())
    print(f"{args.src}: {len(edges)} modules, {count} imports, {len(bad)} problems")
    sys.exit(1 if bad else 0)


if __name__ == "__main__":
    main()
