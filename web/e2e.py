#!/usr/bin/env python3
"""End-to-end checks of the built page (web/dist) in a real headless Chromium, driven through
chromedriver's WebDriver protocol over 127.0.0.1: no Python package needed.

    python3 web/e2e.py SCREENSHOT_DIR

Serves web/dist on a free port of 127.0.0.1, starts chromedriver on another, runs each check,
saves a screenshot of each state under SCREENSHOT_DIR, and prints `e2e: N checks passed` (or
what failed, exit 1).
"""
import base64
import functools
import http.server
import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import threading
import time
import urllib.error
import urllib.request

HERE = os.path.dirname(os.path.abspath(__file__))
DIST = os.path.join(HERE, "dist")
ELEMENT = "element-6066-11e4-a52e-4f735466cecf"
# As the machine's notes say: without the background-networking flags Chromium tries hosts
# this closed network refuses.
CHROME_ARGS = [
    "--headless=new", "--no-sandbox", "--disable-gpu", "--disable-dev-shm-usage",
    "--disable-quic", "--no-first-run", "--disable-background-networking",
    "--disable-component-update", "--disable-sync", "--window-size=1000,1200",
]


def free_port():
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Quiet(http.server.SimpleHTTPRequestHandler):
    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map,
                      ".wasm": "application/wasm", ".js": "text/javascript"}

    def log_message(self, *args):
        pass


class Browser:
    def __init__(self, chromedriver, chromium):
        port = free_port()
        self.profile = tempfile.mkdtemp(prefix="nqueens-e2e-")
        self.proc = subprocess.Popen([chromedriver, f"--port={port}"],
                                     stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        self.base = f"http://127.0.0.1:{port}"
        deadline = time.time() + 20
        while True:
            try:
                if self.call("GET", "/status")["value"]["ready"]:
                    break
            except (urllib.error.URLError, ConnectionError, KeyError):
                pass
            if time.time() > deadline:
                raise RuntimeError("chromedriver did not start")
            time.sleep(0.2)
        options = {"binary": chromium, "args": CHROME_ARGS + [f"--user-data-dir={self.profile}"]}
        caps = {"capabilities": {"alwaysMatch": {"browserName": "chrome",
                                                 "goog:chromeOptions": options}}}
        self.session = self.call("POST", "/session", caps)["value"]["sessionId"]

    def call(self, method, path, body=None):
        data = None if body is None else json.dumps(body).encode()
        req = urllib.request.Request(self.base + path, data=data, method=method,
                                     headers={"Content-Type": "application/json"})
        try:
            with urllib.request.urlopen(req, timeout=60) as r:
                return json.load(r)
        except urllib.error.HTTPError as e:
            raise RuntimeError(f"{method} {path}: {e.read().decode(errors='replace')[:300]}")

    def s(self, method, path, body=None):
        return self.call(method, f"/session/{self.session}{path}", body)["value"]

    def open(self, url):
        self.s("POST", "/url", {"url": url})
        self.wait(lambda: self.js("return document.body.dataset.ready === '1'"), "the page to start")

    def js(self, script, *args):
        return self.s("POST", "/execute/sync", {"script": script, "args": list(args)})

    def find(self, css):
        return self.s("POST", "/element", {"using": "css selector", "value": css})[ELEMENT]

    def click(self, css):
        self.s("POST", f"/element/{self.find(css)}/click", {})

    def text(self, css):
        return self.js("const e = document.querySelector(arguments[0]);"
                       "return e ? (e.value !== undefined && e.tagName !== 'OUTPUT' ? e.value : e.textContent) : null;", css)

    def wait(self, condition, what, timeout=30):
        deadline = time.time() + timeout
        while time.time() < deadline:
            if condition():
                return
            time.sleep(0.1)
        raise AssertionError(f"timed out waiting for {what}")

    def screenshot(self, path):
        with open(path, "wb") as f:
            f.write(base64.b64decode(self.s("GET", "/screenshot")))

    def size(self, width, height):
        self.s("POST", "/window/rect", {"width": width, "height": height})

    def color_scheme(self, scheme):
        """Emulates the system's colour scheme ("light" or "dark"), as the page's media query
        sees it, through chromedriver's DevTools endpoint."""
        self.s("POST", "/goog/cdp/execute", {
            "cmd": "Emulation.setEmulatedMedia",
            "params": {"features": [{"name": "prefers-color-scheme", "value": scheme}]}})

    def quit(self):
        try:
            self.call("DELETE", f"/session/{self.session}")
        finally:
            self.proc.terminate()
            self.proc.wait(timeout=10)
            shutil.rmtree(self.profile, ignore_errors=True)


def completions(n, fixed):
    """Every solution of n holding the fixed queens {row: col}: brute force, apart from the
    library, for the puzzle check."""
    out, cols = [], []

    def place(r):
        if r == n:
            out.append(list(cols))
            return
        for c in ([fixed[r]] if r in fixed else range(n)):
            if all(c != cc and abs(c - cc) != r - rr for rr, cc in enumerate(cols)):
                cols.append(c)
                place(r + 1)
                cols.pop()
    place(0)
    return out


def main():
    if len(sys.argv) != 2:
        print(__doc__.strip(), file=sys.stderr)
        return 2
    shots = sys.argv[1]
    os.makedirs(shots, exist_ok=True)
    chromedriver = shutil.which("chromedriver") or "/usr/bin/chromedriver"
    chromium = shutil.which("chromium") or "/usr/bin/chromium"
    for tool in (chromedriver, chromium):
        if not os.path.exists(tool):
            print(f"e2e: {tool} is missing: apt-get install chromium chromium-driver", file=sys.stderr)
            return 1
    if not os.path.exists(os.path.join(DIST, "nqueens_web_bg.wasm")):
        print("e2e: web/dist is not built: run bash web/build.sh", file=sys.stderr)
        return 1
    port = free_port()
    server = http.server.ThreadingHTTPServer(("127.0.0.1", port), functools.partial(Quiet, directory=DIST))
    threading.Thread(target=server.serve_forever, daemon=True).start()
    page = f"http://127.0.0.1:{port}/index.html"
    b = Browser(chromedriver, chromium)
    passed = []

    def check(name, ok, detail=""):
        if not ok:
            raise AssertionError(f"{name}: {detail}")
        passed.append(name)
        print(f"ok: {name}")

    # What a person sees of an element: its computed display and the box it takes, not
    # its attributes (a `hidden` that a stylesheet overrides still shows).
    def box(id_):
        return b.js("const e = document.getElementById(arguments[0]); const r = e.getBoundingClientRect();"
                    "return [getComputedStyle(e).display, r.width, r.height];", id_)

    def not_seen(id_):
        display, width, height = box(id_)
        return display == "none" and width == 0 and height == 0

    try:
        # Deep link: ?n=8 shows 92 in #count.
        b.open(page + "?n=8")
        b.wait(lambda: b.text("#count") == "92", "#count to show 92")
        check("?n=8 shows 92 in #count", True)
        b.screenshot(os.path.join(shots, "browse-8.png"))
        check("no empty box before Export", not_seen("export"), box("export"))
        check("the board is labelled 1 to 8 on both sides",
              b.js("return [...document.querySelectorAll('#board text.label')].map(t => t.textContent).join(' ')")
              == " ".join(f"{i} {i}" for i in range(1, 9)))
        check("the first solution is drawn with its digit string",
              "1 5 8 6 3 7 2 4" in b.text("#which") and b.js("return document.querySelectorAll('#board circle').length") == 8,
              b.text("#which"))
        check("its class shows 8 images", b.js("return document.querySelectorAll('#images figure').length") == 8)
        # Next shows solution 2, and the URL says so.
        b.click("#next")
        b.wait(lambda: "solution 2 of 92" in b.text("#which"), "solution 2")
        check("next shows solution 2", "1 6 8 3 7 4 2 5" in b.text("#which"), b.text("#which"))
        check("the URL holds k=2", "k=2" in b.js("return location.search"), b.js("return location.search"))
        b.open(page + "?n=8&k=2")
        check("?n=8&k=2 opens solution 2", "solution 2 of 92: 1 6 8 3 7 4 2 5" in b.text("#which"), b.text("#which"))
        # Keyboard: the right arrow is next.
        b.js("document.dispatchEvent(new KeyboardEvent('keydown', {key: 'ArrowRight'}))")
        b.wait(lambda: "solution 3 of 92" in b.text("#which"), "the arrow key to move on")
        check("the right arrow key shows the next solution", True)
        # Fundamental only: 12 classes of 8.
        b.click("#fundamental")
        b.wait(lambda: "of 12" in b.text("#which"), "the fundamental list")
        check("fundamental only lists 12 for n = 8", "fundamental solution 1 of 12" in b.text("#which"), b.text("#which"))
        # Export as JSON.
        b.click("[data-export=json]")
        exported = json.loads(b.text("#export"))
        check("the board exports as JSON", exported["n"] == 8 and len(exported["columns"]) == 8, exported)
        b.click("[data-export=rows]")
        check("the board exports as .Q.. rows", b.text("#export").count("Q") == 8)
        # The search, a step at a time, shades the squares the queens attack.
        b.open(page + "?n=6&mode=search")
        for _ in range(3):
            b.click("#step")
        shaded = b.js("return document.querySelectorAll('#searchboard [data-attacked]').length")
        check("a search step shades the attacked squares", shaded > 0, shaded)
        check("the step shows in the page and the URL",
              b.text("#stepinfo").startswith("step 3 of") and "step=3" in b.js("return location.search"),
              b.text("#stepinfo"))
        b.screenshot(os.path.join(shots, "search-6.png"))
        b.click("#back")
        check("back undoes a step", b.text("#stepinfo").startswith("step 2 of"), b.text("#stepinfo"))
        # A puzzle: a wrong queen shows a conflict at once, the right ones solve it.
        b.open(page + "?n=8&mode=puzzle&seed=5")
        fixed = {int(r): int(float(c) - 0.5) for r, c in b.js(
            "return [...document.querySelectorAll('#puzzleboard circle.fixed')]"
            ".map(q => [q.dataset.row, q.getAttribute('cx')])")}
        check("the puzzle has queens fixed", 0 < len(fixed) < 8, fixed)
        answers = completions(8, fixed)
        check("its completion is unique (brute force)", len(answers) == 1, len(answers))
        answer = answers[0]
        free_rows = [r for r in range(8) if r not in fixed]
        r0 = free_rows[0]
        wrong = next(c for c in range(8) if c != answer[r0] and c in fixed.values())
        b.click(f"#puzzleboard rect[data-row='{r0}'][data-col='{wrong}']")
        check("a conflict shows at once",
              b.js("return document.querySelectorAll('#puzzleboard circle.conflict').length") >= 2
              and "attack" in b.text("#puzzlestate"), b.text("#puzzlestate"))
        # Clicking a placed queen takes it back.
        b.click(f"#puzzleboard circle[data-row='{r0}']")
        check("a queen clicked again is taken back",
              b.js("return document.querySelectorAll('#puzzleboard circle.conflict').length") == 0,
              b.text("#puzzlestate"))
        for r in free_rows:
            b.click(f"#puzzleboard rect[data-row='{r}'][data-col='{answer[r]}']")
        b.wait(lambda: b.text("#puzzlestate").startswith("Solved!"), "the puzzle to be solved")
        check("a solved puzzle is recognised", True)
        b.screenshot(os.path.join(shots, "puzzle-8.png"))
        # Counting in a worker, with progress; cancel; and sizes not counted here.
        b.open(page + "?n=14")
        b.wait(lambda: b.text("#count") == "365596", "the worker to count 14", timeout=120)
        check("n = 14 is counted in a Web Worker", True)
        b.open(page + "?n=16")
        check("a long count shows its progress bar", b.js("return !document.getElementById('counting').hidden"))
        b.click("#cancel")
        check("cancel stops the count", b.text("#count") == "cancelled", b.text("#count"))
        b.open(page + "?n=20")
        check("n = 20 is not counted in the browser", "not counted in the browser" in b.text("#count"), b.text("#count"))
        # The heat map: n = 8 from the tables at once, every entry and row sum.
        b.open(page + "?n=8&mode=heatmap")
        b.wait(lambda: b.js("return document.querySelectorAll('#heatboard rect').length") == 64, "the heat map of 8")
        cells = b.js("return [...document.querySelectorAll('#heatboard rect')].map(r => [+r.dataset.row, +r.dataset.col, +r.dataset.count])")
        grid = [[0] * 8 for _ in range(8)]
        for r, c, v in cells:
            grid[r][c] = v
        want = [[0] * 8 for _ in range(8)]
        for sol in completions(8, {}):
            for r, c in enumerate(sol):
                want[r][c] += 1
        check("the heat map of 8 holds each square's solutions (brute force)", grid == want, grid)
        check("its rows and columns sum to 92",
              all(sum(row) == 92 for row in grid) and all(sum(grid[r][c] for r in range(8)) == 92 for c in range(8)))
        check("its counts are written in the squares and on hover",
              b.js("return document.querySelectorAll('#heatboard text:not(.label)').length") == 64
              and "row 1, column 1: 4 solutions" in b.js("return document.querySelector('#heatboard rect title').textContent"))
        check("no empty box under the heat map before Export", not_seen("heatjson"), box("heatjson"))
        check("the heat map's colour scale runs from its least to its most",
              not b.js("return document.getElementById('heatlegend').hidden")
              and b.text("#heatlo") == str(min(min(r) for r in want)) and b.text("#heathi") == str(max(max(r) for r in want)),
              [b.text("#heatlo"), b.text("#heathi")])
        b.click("#heatexport")
        exported = json.loads(b.text("#heatjson"))
        check("the heat map exports as JSON", exported["n"] == 8 and exported["rows"] == want and exported["total"] == 92)
        b.screenshot(os.path.join(shots, "heatmap-8.png"))
        # n = 14 in the worker, with progress, to the published total.
        b.open(page + "?n=14&mode=heatmap")
        check("the heat map of 14 is worked out in a worker with a Cancel button",
              b.js("return !document.getElementById('heating').hidden"))
        b.wait(lambda: b.js("return document.querySelectorAll('#heatboard rect').length") == 196,
               "the heat map of 14", timeout=120)
        sums = b.js("return [...Array(14).keys()].map(r => [...document.querySelectorAll(`#heatboard rect[data-row='${r}']`)].reduce((a, e) => a + +e.dataset.count, 0))")
        check("the heat map of 14: every row sums to 365596", sums == [365596] * 14, sums)
        b.open(page + "?n=15&mode=heatmap")
        b.click("#heatcancel")
        check("cancel stops a heat map", "cancelled" in b.text("#heatstatus"), b.text("#heatstatus"))
        # A long unrank runs in the worker: the page answers meanwhile, and Cancel stops it.
        b.open(page + "?n=20&k=20000000000")
        check("a long nth runs in a worker with progress",
              b.js("return !document.getElementById('finding').hidden") and "finding" in b.text("#which"), b.text("#which"))
        start = time.time()
        b.click("nav button[data-mode=search]")
        b.click("nav button[data-mode=browse]")
        answered = b.js("return document.querySelector('#which').textContent")
        check("the page answers while it runs", time.time() - start < 5 and "finding" in answered, answered)
        b.click("#findcancel")
        check("cancel stops the nth", "cancelled" in b.text("#which"), b.text("#which"))
        # Out of reach: said at once, not a frozen tab.
        b.open(page + "?n=28&k=100000000")
        b.wait(lambda: "reach" in b.text("#which"), "the nth of 28 to be refused", timeout=20)
        check("an nth out of reach says why", "only the first 2048 solutions are in reach" in b.text("#which"), b.text("#which"))
        # The last solution of 24, from the end of its list.
        b.open(page + "?n=24&k=227514171973736")
        # Drawn, not being found: "finding solution K of n = 24" names K too.
        b.wait(lambda: "of 227514171973736:" in b.text("#which"), "the last solution of 24", timeout=60)
        check("the last solution of 24 is shown at once", "24 22 20 23 21 16 14 11" in b.text("#which"), b.text("#which"))
        # Deep links out of range say what is allowed.
        for query, says in [("?n=40", "n is a board size from 1 to 32"), ("?n=abc", "n is a board size from 1 to 32"),
                            ("?n=8&k=0", "k counts the solutions from 1"), ("?n=8&k=93", "k runs from 1 to 92"),
                            ("?n=8&mode=puzzle&seed=-1", "a seed is a whole number")]:
            b.open(page + query)
            b.wait(lambda: not b.js("return document.getElementById('notice').hidden"), f"the notice for {query}")
            check(f"{query} says what is allowed", says in b.text("#notice"), b.text("#notice"))
        # A key the page does not take is named, with the keys it takes.
        b.open(page + "?n=10&tab=heat")
        b.wait(lambda: not b.js("return document.getElementById('notice').hidden"), "the notice for tab=heat")
        check("?tab=heat is named as a key the page does not take",
              "tab" in b.text("#notice") and "mode" in b.text("#notice"), b.text("#notice"))
        # Seeds past 2^53 are kept exactly, as the command takes them.
        b.open(page + "?n=8&mode=puzzle&seed=18446744073709551615")
        check("a seed of 2^64 - 1 is kept exactly",
              "seed=18446744073709551615" in b.js("return location.search")
              and b.js("return document.getElementById('notice').hidden"), b.js("return location.search"))
        check("the puzzle view says what to do", "Place a queen in every row" in b.text("#puzzlestate"), b.text("#puzzlestate"))
        b.open(page + "?n=6&mode=search")
        check("the search view's legend is in plain words", "under attack" in b.text(".legend"), b.text(".legend"))
        # A fundamental solution past the tables is walked to in the worker, not on the tab.
        b.open(page + "?n=18&fund=1&k=20000000")
        check("a long fundamental lookup runs in a worker with Cancel",
              b.js("return !document.getElementById('finding').hidden") and "finding fundamental solution" in b.text("#which"),
              b.text("#which"))
        start = time.time()
        b.click("nav button[data-mode=search]")
        b.click("nav button[data-mode=browse]")
        check("the page answers meanwhile", time.time() - start < 5)
        b.click("#findcancel")
        check("cancel stops it", "cancelled" in b.text("#which"), b.text("#which"))
        # Positions past 2^53, which a JavaScript number rounds: carried exactly, or refused
        # with the reason, never "has no fundamental solution".
        b.open(page + "?n=27&fund=1&k=9007199254740993")
        b.wait(lambda: "out of reach" in b.text("#which"), "the reason for k = 2^53 + 1", timeout=60)
        check("?n=27&fund=1&k=2^53+1 says it is out of reach, not that it does not exist",
              "fundamental solution 9007199254740993 is out of reach" in b.text("#which")
              and "has no" not in b.text("#which"), b.text("#which"))
        b.open(page + "?n=27&k=234907967154122528")
        b.wait(lambda: "of 234907967154122528" in b.text("#which"), "the last solution of 27", timeout=60)
        check("?n=27&k= the last, past 2^53, is shown exactly",
              b.text("#which").startswith("solution 234907967154122528 of 234907967154122528: 27 25 23"),
              b.text("#which"))
        # Past the last fundamental solution of 13: its count, not "listed up to 12".
        b.open(page + "?n=13&fund=1&k=9234")
        b.wait(lambda: not b.js("return document.getElementById('notice').hidden"), "the notice for k = 9234")
        check("?n=13&fund=1&k=9234 says k runs to 9233", "k runs from 1 to 9233" in b.text("#notice"), b.text("#notice"))
        b.wait(lambda: "9233 of 9233" in b.text("#which"), "the last fundamental solution of 13", timeout=60)
        check("and shows the last of them", True)
        # The n box takes what a link takes, and says so otherwise.
        for typed in ["1e3", "99", "0", "abc"]:
            b.open(page + "?n=8")
            b.js("const e = document.getElementById('n'); e.value = arguments[0]; e.dispatchEvent(new Event('change'));", typed)
            check(f"typing {typed} in the n box says what is allowed, and n stays 8",
                  "n is a board size from 1 to 32" in b.text("#notice") and b.text("#n") == "8"
                  and "n=8" in b.js("return location.search"), [b.text("#notice"), b.text("#n")])
        # The look at desktop and phone width, in the light theme and the dark (which follows
        # the system's): a screenshot of each, no sideways scrolling, the dark's own colours.
        for width, height, name in [(1200, 900, "desktop"), (390, 844, "phone")]:
            b.size(width, height)
            for scheme in ["light", "dark"]:
                b.color_scheme(scheme)
                b.open(page + "?n=8&k=5")
                overflow = b.js("return document.documentElement.scrollWidth - document.documentElement.clientWidth")
                check(f"{name} width, {scheme}: no sideways scrolling", overflow <= 0, overflow)
                bg = b.js("return getComputedStyle(document.documentElement).backgroundColor")
                check(f"{name} width, {scheme}: the {scheme} background", (bg == "rgb(22, 24, 28)") == (scheme == "dark"), bg)
                b.screenshot(os.path.join(shots, f"{name}-{scheme}.png"))
        b.color_scheme("light")
    except (AssertionError, RuntimeError) as e:
        print(f"e2e: FAILED: {e}", file=sys.stderr)
        b.screenshot(os.path.join(shots, "failure.png"))
        return 1
    finally:
        b.quit()
        server.shutdown()
    print(f"e2e: {len(passed)} checks passed")
    return 0


if __name__ == "__main__":
    sys.exit(main())
