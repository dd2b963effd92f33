// The page: every state is in the URL (?n=8&k=2&mode=browse&fund=1&seed=3), so a link
// shows what its sender saw. Columns are 0-based in the library and 1-based on the page.
import init, * as nq from "./nqueens_web.js";

const $ = (id) => document.getElementById(id);
/** Sizes counted in the browser; past this the count would take minutes (17 takes about a
 *  second natively, and wasm on one thread is several times slower). */
const COUNT_IN_BROWSER_UP_TO = 16;
/** The largest board the search stepper shows: past it a step is too small to watch. */
const STEPPER_UP_TO = 12;
/** Steps of the search kept for stepping back and forth. */
const STEP_LIMIT = 20000;

const state = { n: 8, k: 1, mode: "browse", fund: false, seed: 1, step: 0 };
let worker = null;
let current = null; // the solution shown in Browse (Uint8Array)
let steps = [];
let playing = null;
let puzzle = null; // { solution, fixed, placed }

function readUrl() {
  const p = new URLSearchParams(location.search);
  const int = (key, dflt, lo, hi) => {
    const v = Number.parseInt(p.get(key) ?? "", 10);
    return Number.isFinite(v) && v >= lo && v <= hi ? v : dflt;
  };
  state.n = int("n", 8, 1, 32);
  state.k = int("k", 1, 1, Number.MAX_SAFE_INTEGER);
  state.mode = ["browse", "search", "puzzle"].includes(p.get("mode")) ? p.get("mode") : "browse";
  state.fund = p.get("fund") === "1";
  state.seed = int("seed", 1, 0, Number.MAX_SAFE_INTEGER);
  state.step = int("step", 0, 0, STEP_LIMIT);
}

function writeUrl() {
  const p = new URLSearchParams({ n: state.n, mode: state.mode });
  if (state.mode === "browse") {
    p.set("k", state.k);
    if (state.fund) p.set("fund", "1");
  }
  if (state.mode === "puzzle") p.set("seed", state.seed);
  if (state.mode === "search") p.set("step", state.step);
  history.replaceState(null, "", "?" + p.toString());
}

// ---- drawing ----

const SVG = "http://www.w3.org/2000/svg";
function svgBoard(n, { queens = [], attacked = null, fixed = null, conflicts = null, onClick = null, label = "" }) {
  const svg = document.createElementNS(SVG, "svg");
  svg.setAttribute("viewBox", `0 0 ${n} ${n}`);
  svg.setAttribute("role", "img");
  svg.setAttribute("aria-label", label || `board of ${n}`);
  for (let r = 0; r < n; r++) {
    for (let c = 0; c < n; c++) {
      const sq = document.createElementNS(SVG, "rect");
      sq.setAttribute("x", c); sq.setAttribute("y", r);
      sq.setAttribute("width", 1); sq.setAttribute("height", 1);
      sq.setAttribute("class", (r + c) % 2 ? "dark" : "light");
      sq.dataset.row = r; sq.dataset.col = c;
      if (onClick) sq.addEventListener("click", () => onClick(r, c));
      svg.appendChild(sq);
      if (attacked && attacked[r * n + c]) {
        const a = sq.cloneNode();
        a.setAttribute("class", "attacked");
        a.dataset.attacked = "1";
        if (onClick) a.addEventListener("click", () => onClick(r, c));
        svg.appendChild(a);
      }
    }
  }
  queens.forEach((c, r) => {
    if (c === null || c === undefined || c < 0) return;
    const q = document.createElementNS(SVG, "circle");
    q.setAttribute("cx", c + 0.5); q.setAttribute("cy", r + 0.5); q.setAttribute("r", 0.35);
    let cls = "queen";
    if (fixed && fixed[r]) cls = "fixed";
    if (conflicts && conflicts.has(r)) cls = "conflict";
    q.setAttribute("class", cls);
    q.dataset.row = r;
    if (onClick) q.addEventListener("click", () => onClick(r, c));
    svg.appendChild(q);
  });
  return svg;
}

const digits = (sol) => Array.from(sol, (c) => c + 1).join(" ");
const rowsText = (sol) => Array.from(sol, (c) => Array.from({ length: sol.length }, (_, i) => (i === c ? "Q" : ".")).join("")).join("\n");

// ---- counting ----

function showCount() {
  const n = state.n;
  if (worker) { worker.terminate(); worker = null; }
  $("counting").hidden = true;
  const fromTable = nq.table_count(n);
  if (fromTable !== undefined) { $("count").textContent = String(fromTable); return; }
  if (n <= 5) { $("count").textContent = nq.known_count(n); return; }
  if (n > COUNT_IN_BROWSER_UP_TO) {
    $("count").textContent = `not counted in the browser (published: ${nq.known_count(n) ?? "unknown"})`;
    return;
  }
  $("count").textContent = "counting…";
  $("counting").hidden = false;
  $("progress").value = 0;
  worker = new Worker("worker.js", { type: "module" });
  worker.onmessage = (e) => {
    if (e.data.progress !== undefined) { $("progress").value = e.data.progress; return; }
    if (e.data.n === state.n) $("count").textContent = e.data.total ?? "failed";
    $("counting").hidden = true;
    worker.terminate(); worker = null;
  };
  worker.postMessage({ n });
}
$("cancel").addEventListener("click", () => {
  if (worker) { worker.terminate(); worker = null; }
  $("counting").hidden = true;
  $("count").textContent = "cancelled";
});

// ---- browse ----

function browseTotal() {
  if (state.fund) return nq.fundamental_count(state.n) ?? null;
  const t = nq.table_count(state.n);
  if (t !== undefined) return t;
  const known = nq.known_count(state.n);
  return known === undefined ? null : Number(known);
}

function showBrowse() {
  const n = state.n;
  const total = browseTotal();
  if (total !== null && state.k > total) state.k = Math.max(1, total);
  $("k").value = state.k;
  $("k").max = total ?? "";
  current = (total === 0) ? null : nq.solution(n, state.k - 1, state.fund);
  const board = $("board");
  board.replaceChildren();
  $("images").replaceChildren();
  if (!current) {
    $("which").textContent = state.fund && n > 12 ? "fundamental solutions are listed here up to n = 12" : `n = ${n} has no solution ${state.k}`;
    $("export").value = "";
    writeUrl();
    return;
  }
  const of = total === null ? "" : ` of ${total}`;
  $("which").textContent = `${state.fund ? "fundamental solution" : "solution"} ${state.k}${of}: ${digits(current)}`;
  board.appendChild(svgBoard(n, { queens: Array.from(current), label: `solution ${state.k}: ${digits(current)}` }));
  const images = nq.images(current);
  const names = ["identity", "rotate 90", "rotate 180", "rotate 270", "mirror left-right", "mirror top-bottom", "main diagonal", "anti-diagonal"];
  for (let i = 0; i < 8; i++) {
    const img = images.slice(i * n, (i + 1) * n);
    const fig = document.createElement("figure");
    fig.appendChild(svgBoard(n, { queens: Array.from(img), label: names[i] }));
    const cap = document.createElement("figcaption");
    // Each image's own K, where a table makes its rank a binary search; past the tables a
    // rank is a count of the board, too slow for eight at once.
    const rank = nq.table_count(n) !== undefined ? nq.rank(img) : undefined;
    cap.textContent = rank === undefined ? names[i] : `${names[i]}: #${rank + 1}`;
    fig.appendChild(cap);
    $("images").appendChild(fig);
  }
  writeUrl();
}

function exportAs(kind) {
  if (!current) return;
  const text = kind === "digits" ? digits(current)
    : kind === "rows" ? rowsText(current)
    : JSON.stringify({ n: state.n, k: state.k, fundamental: state.fund, columns: Array.from(current, (c) => c + 1) });
  $("export").value = text;
}

// ---- search step by step ----

function showSearch() {
  const n = state.n;
  const board = $("searchboard");
  board.replaceChildren();
  if (n > STEPPER_UP_TO) {
    $("stepinfo").textContent = `the stepper shows boards up to ${STEPPER_UP_TO}`;
    writeUrl();
    return;
  }
  if (steps.n !== n) { steps = nq.search_steps(n, STEP_LIMIT); steps.n = n; }
  state.step = Math.min(state.step, steps.length);
  const queens = new Array(n).fill(-1);
  let solutions = 0;
  for (let i = 0; i < state.step; i++) {
    const s = steps[i];
    const v = Math.abs(s) - 1, r = Math.floor(v / 64), c = v % 64;
    if (s > 0) { queens[r] = c; if (r === n - 1) solutions++; } else queens[r] = -1;
  }
  const attacked = new Uint8Array(n * n);
  queens.forEach((c, r) => {
    if (c < 0) return;
    for (let rr = 0; rr < n; rr++) for (let cc = 0; cc < n; cc++) {
      if (rr === r && cc === c) continue;
      if (rr === r || cc === c || Math.abs(rr - r) === Math.abs(cc - c)) attacked[rr * n + cc] = 1;
    }
  });
  board.appendChild(svgBoard(n, { queens, attacked, label: `search step ${state.step}` }));
  const last = state.step > 0 ? steps[state.step - 1] : 0;
  const what = last > 0 ? "placed" : last < 0 ? "took back" : "start";
  $("stepinfo").textContent = `step ${state.step} of ${steps.length}: ${what}; solutions found: ${solutions}`;
  writeUrl();
}

function stepBy(d) {
  state.step = Math.max(0, Math.min(steps.length, state.step + d));
  showSearch();
}

function togglePlay() {
  if (playing) { clearInterval(playing); playing = null; $("play").textContent = "Play"; return; }
  $("play").textContent = "Pause";
  playing = setInterval(() => {
    if (state.step >= steps.length) { togglePlay(); return; }
    stepBy(1);
  }, 150);
}

// ---- puzzle ----

function newPuzzle() {
  const n = state.n;
  const p = nq.puzzle(n, state.seed);
  if (!p) { puzzle = null; $("puzzlestate").textContent = `n = ${n} has no solution, so no puzzle`; $("puzzleboard").replaceChildren(); writeUrl(); return; }
  const solution = p.slice(0, n), fixed = p.slice(n);
  puzzle = { n, solution, fixed, placed: Array.from(solution, (c, r) => (fixed[r] ? c : -1)) };
  showPuzzle();
}

function conflictsOf(placed) {
  const bad = new Set();
  for (let a = 0; a < placed.length; a++) for (let b = a + 1; b < placed.length; b++) {
    if (placed[a] < 0 || placed[b] < 0) continue;
    if (placed[a] === placed[b] || Math.abs(placed[a] - placed[b]) === b - a) { bad.add(a); bad.add(b); }
  }
  return bad;
}

function showPuzzle() {
  if (!puzzle) return;
  const { n, fixed, placed } = puzzle;
  const conflicts = conflictsOf(placed);
  const onClick = (r, c) => {
    if (fixed[r]) return;
    placed[r] = placed[r] === c ? -1 : c;
    showPuzzle();
  };
  $("puzzleboard").replaceChildren(svgBoard(n, { queens: placed, fixed, conflicts, onClick, label: "puzzle board" }));
  const full = placed.every((c) => c >= 0);
  const state_ = $("puzzlestate");
  state_.classList.toggle("solved", false);
  if (conflicts.size) state_.textContent = `${conflicts.size} queens attack each other`;
  else if (full && nq.is_solution(Uint8Array.from(placed))) { state_.textContent = "Solved!"; state_.classList.add("solved"); }
  else state_.textContent = `${placed.filter((c) => c >= 0).length} of ${n} queens placed; the blue ones are fixed`;
  writeUrl();
}

// ---- wiring ----

function setMode(mode) {
  state.mode = mode;
  for (const m of ["browse", "search", "puzzle"]) $(m).hidden = m !== mode;
  document.querySelectorAll("nav button").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.mode === mode)));
  if (playing) togglePlay();
  render();
}

function render() {
  if (state.mode === "browse") showBrowse();
  else if (state.mode === "search") showSearch();
  else newPuzzle();
}

function setN(n) {
  state.n = Math.max(1, Math.min(32, n | 0));
  $("n").value = state.n;
  state.k = 1; state.step = 0;
  showCount();
  render();
}

async function main() {
  await init();
  readUrl();
  $("n").value = state.n;
  $("fundamental").checked = state.fund;
  $("seed").value = state.seed;
  $("n").addEventListener("change", () => setN(Number.parseInt($("n").value, 10) || 8));
  $("prev").addEventListener("click", () => { state.k = Math.max(1, state.k - 1); showBrowse(); });
  $("next").addEventListener("click", () => { state.k += 1; showBrowse(); });
  $("k").addEventListener("change", () => { state.k = Math.max(1, Number.parseInt($("k").value, 10) || 1); showBrowse(); });
  $("fundamental").addEventListener("change", () => { state.fund = $("fundamental").checked; state.k = 1; showBrowse(); });
  document.querySelectorAll("[data-export]").forEach((b) => b.addEventListener("click", () => exportAs(b.dataset.export)));
  document.querySelectorAll("nav button").forEach((b) => b.addEventListener("click", () => setMode(b.dataset.mode)));
  $("step").addEventListener("click", () => stepBy(1));
  $("back").addEventListener("click", () => stepBy(-1));
  $("play").addEventListener("click", togglePlay);
  $("newpuzzle").addEventListener("click", () => { state.seed = (Number.parseInt($("seed").value, 10) || 0) + 1; $("seed").value = state.seed; newPuzzle(); });
  $("seed").addEventListener("change", () => { state.seed = Number.parseInt($("seed").value, 10) || 0; newPuzzle(); });
  $("clear").addEventListener("click", () => { if (puzzle) { puzzle.placed = Array.from(puzzle.solution, (c, r) => (puzzle.fixed[r] ? c : -1)); showPuzzle(); } });
  document.addEventListener("keydown", (e) => {
    if (e.target instanceof HTMLInputElement || e.target instanceof HTMLTextAreaElement) return;
    if (state.mode === "browse" && e.key === "ArrowRight") $("next").click();
    if (state.mode === "browse" && e.key === "ArrowLeft") $("prev").click();
    if (state.mode === "search" && e.key === "ArrowRight") stepBy(1);
    if (state.mode === "search" && e.key === "ArrowLeft") stepBy(-1);
    if (state.mode === "search" && e.key === " ") { e.preventDefault(); togglePlay(); }
  });
  showCount();
  setMode(state.mode);
  document.body.dataset.ready = "1";
}

main();
