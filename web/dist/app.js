// The page: every state is in the URL (?n=8&k=2&mode=browse&fund=1&seed=3), so a link
// shows what its sender saw. Columns are 0-based in the library and 1-based on the page.
import init, * as nq from "./nqueens_web.js";

const $ = (id) => document.getElementById(id);
/** Sizes counted in the browser; past this the count would take minutes (17 takes about a
 *  second natively, and wasm on one thread is several times slower). */
const COUNT_IN_BROWSER_UP_TO = 16;
/** The largest board the search stepper shows: past it a step is too small to watch. */
const STEPPER_UP_TO = 12;
/** Heat maps up to this size are read off the tables at once; up to HEATMAP_IN_BROWSER_UP_TO
 *  they are worked out in a worker (15: a count per orbit of squares, seconds). */
const HEATMAP_AT_ONCE_UP_TO = 12;
const HEATMAP_IN_BROWSER_UP_TO = 15;
/** The largest whole number a URL may give for k or a seed, as the command takes them. */
const U64_MAX = 2n ** 64n - 1n;
const MODES = ["browse", "search", "puzzle", "heatmap"];
// The keys a link may carry: anything else is named in the notice.
const KEYS = ["n", "k", "mode", "fund", "seed", "step"];
/** Steps of the search kept for stepping back and forth. */
const STEP_LIMIT = 20000;

// k and the seed are BigInts: past 2^53 a JavaScript number would round them.
const state = { n: 8, k: 1n, mode: "browse", fund: false, seed: 1n, step: 0 };
const jobs = {}; // the workers under way, by what they do: count, nth, heatmap
let heat = null; // the heat map shown: { n, counts }
let current = null; // the solution shown in Browse (Uint8Array)
let steps = [];
let playing = null;
let puzzle = null; // { solution, fixed, placed }

function readUrl() {
  const p = new URLSearchParams(location.search);
  const problems = [];
  // A whole number from lo to hi (BigInts), as the command reads its numbers: spaces around
  // it are fine; anything else is refused with what is allowed, and the default shown.
  const whole = (key, dflt, lo, hi, allowed) => {
    const raw = p.get(key);
    if (raw === null) return dflt;
    const t = raw.trim();
    if (/^\d+$/.test(t) && BigInt(t) >= lo && BigInt(t) <= hi) return BigInt(t);
    problems.push(`${key}=${raw.slice(0, 24)}: ${allowed}`);
    return dflt;
  };
  state.n = Number(whole("n", 8n, 1n, 32n, "n is a board size from 1 to 32; showing 8"));
  state.k = whole("k", 1n, 1n, U64_MAX, "k counts the solutions from 1; showing the first");
  const mode = p.get("mode");
  if (mode !== null && !MODES.includes(mode)) problems.push(`mode=${mode.slice(0, 24)}: the modes are ${MODES.join(", ")}`);
  state.mode = MODES.includes(mode) ? mode : "browse";
  state.fund = p.get("fund") === "1";
  state.seed = whole("seed", 1n, 0n, U64_MAX, "a seed is a whole number from 0 to 2^64 - 1; showing seed 1");
  state.step = Number(whole("step", 0n, 0n, BigInt(STEP_LIMIT), `step runs from 0 to ${STEP_LIMIT}`));
  for (const key of new Set(p.keys())) {
    if (!KEYS.includes(key)) problems.push(`${key.slice(0, 24)}: not a key this page takes (it takes ${KEYS.join(", ")})`);
  }
  notice(problems.join("; "));
}

/** Says what the page could not show, and what is allowed; an empty text hides it. */
function notice(text) {
  $("notice").textContent = text;
  $("notice").hidden = !text;
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
/** An empty board's <svg>: n x n unit squares, with room for row numbers on the left and
 *  column numbers below where `labels` (1-based, as the page counts). */
function svgFrame(n, labels) {
  const svg = document.createElementNS(SVG, "svg");
  const m = labels ? 0.7 : 0;
  svg.setAttribute("viewBox", `${-m} 0 ${n + m} ${n + m}`);
  svg.setAttribute("role", "img");
  if (labels) {
    const size = "0.32";
    for (let i = 0; i < n; i++) {
      for (const [x, y] of [[-m / 2, i + 0.5], [i + 0.5, n + m / 2]]) {
        const t = document.createElementNS(SVG, "text");
        t.setAttribute("x", x); t.setAttribute("y", y);
        t.setAttribute("font-size", size);
        t.setAttribute("text-anchor", "middle"); t.setAttribute("dominant-baseline", "central");
        t.setAttribute("class", "label");
        t.textContent = i + 1;
        svg.appendChild(t);
      }
    }
  }
  return svg;
}

function svgBoard(n, { queens = [], attacked = null, fixed = null, conflicts = null, onClick = null, label = "", labels = true }) {
  const svg = svgFrame(n, labels);
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

/** Runs `message` in a worker of its own, named `name` (one of each at a time), showing its
 *  progress in `<progress id=bar>` inside `<span id=box>`; `done` gets the worker's answer. */
function startJob(name, message, box, bar, done) {
  stopJob(name);
  const w = new Worker("worker.js", { type: "module" });
  jobs[name] = { worker: w, box };
  $(box).hidden = false;
  // A task that reports no steps shows a bar without a value: busy, with no fraction.
  if (message.task === "fund") $(bar).removeAttribute("value"); else $(bar).value = 0;
  w.onmessage = (e) => {
    if (e.data.progress !== undefined) { $(bar).value = e.data.progress; return; }
    stopJob(name);
    done(e.data);
  };
  w.postMessage(message);
}

function stopJob(name) {
  const job = jobs[name];
  if (!job) return false;
  job.worker.terminate();
  $(job.box).hidden = true;
  delete jobs[name];
  return true;
}

function showCount() {
  const n = state.n;
  stopJob("count");
  const fromTable = nq.table_count(n);
  if (fromTable !== undefined) { $("count").textContent = String(fromTable); return; }
  if (n <= 5) { $("count").textContent = nq.known_count(n); return; }
  if (n > COUNT_IN_BROWSER_UP_TO) {
    $("count").textContent = `not counted in the browser (published: ${nq.known_count(n) ?? "unknown"})`;
    return;
  }
  $("count").textContent = "counting…";
  startJob("count", { task: "count", n }, "counting", "progress", (d) => {
    if (d.n === state.n) $("count").textContent = d.total ?? "failed";
  });
}
$("cancel").addEventListener("click", () => {
  if (stopJob("count")) $("count").textContent = "cancelled";
});

// ---- browse ----

/** How many solutions Browse runs through (a BigInt), or null where none is known. */
function browseTotal() {
  if (state.fund) { const f = nq.known_fundamental(state.n); return f === undefined ? null : BigInt(f); }
  const t = nq.table_count(state.n);
  if (t !== undefined) return BigInt(t);
  const known = nq.known_count(state.n);
  return known === undefined ? null : BigInt(known);
}

function showBrowse() {
  const n = state.n;
  stopJob("nth");
  const total = browseTotal();
  if (total !== null && total > 0n && state.k > total) {
    const what = state.fund ? "fundamental solutions" : "solutions";
    notice(`k = ${state.k}: n = ${n} has ${total} ${what}, so k runs from 1 to ${total}; showing solution ${total}`);
    state.k = total;
  }
  $("k").value = String(state.k);
  $("k").max = total === null ? "" : String(total);
  $("board").replaceChildren();
  $("images").replaceChildren();
  current = null;
  if (total === 0n) { drawBrowse(null, total); return; }
  // The tables and the tiny boards answer at once; past them an unrank can take minutes, and
  // a fundamental solution is walked to, so both run in a worker with Cancel.
  if (nq.table_count(n) !== undefined || n <= 5) {
    const found = nq.solution(n, state.k - 1n, state.fund);
    drawBrowse(found.length ? found : null, total);
    return;
  }
  const what = state.fund ? "fundamental solution" : "solution";
  $("which").textContent = `finding ${what} ${state.k} of n = ${n}…`;
  writeUrl();
  const k = state.k;
  const task = state.fund ? "fund" : "nth";
  startJob("nth", { task, n, k }, "finding", "findprogress", (d) => {
    if (d.n !== state.n || d.k !== state.k) return;
    if (d.error) { $("which").textContent = d.error; return; }
    drawBrowse(d.solution.length ? d.solution : null, total);
  });
}
$("findcancel").addEventListener("click", () => {
  if (stopJob("nth")) $("which").textContent = `cancelled: solution ${state.k} of n = ${state.n} was not found`;
});

function drawBrowse(found, total) {
  const n = state.n;
  current = found;
  if (!current) {
    $("which").textContent = `n = ${n} has no ${state.fund ? "fundamental solution" : "solution"} ${state.k}`;
    $("export").value = "";
    $("export").hidden = true;
    writeUrl();
    return;
  }
  const of = total === null ? "" : ` of ${total}`;
  $("which").textContent = `${state.fund ? "fundamental solution" : "solution"} ${state.k}${of}: ${digits(current)}`;
  $("board").appendChild(svgBoard(n, { queens: Array.from(current), label: `solution ${state.k}: ${digits(current)}` }));
  const images = nq.images(current);
  const names = ["identity", "rotate 90", "rotate 180", "rotate 270", "mirror left-right", "mirror top-bottom", "main diagonal", "anti-diagonal"];
  for (let i = 0; i < 8; i++) {
    const img = images.slice(i * n, (i + 1) * n);
    const fig = document.createElement("figure");
    fig.appendChild(svgBoard(n, { queens: Array.from(img), label: names[i], labels: false }));
    const cap = document.createElement("figcaption");
    // Each image's own K, where a table makes its rank a binary search; past the tables a
    // rank can be a count of the board, too slow for eight at once.
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
    : JSON.stringify({ n: state.n, k: String(state.k), fundamental: state.fund, columns: Array.from(current, (c) => c + 1) });
  $("export").value = text;
  $("export").hidden = false;
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

// ---- heat map ----

/** viridis' ends and middle: dark blue through green to yellow, kind to the colour-blind. */
function viridis(t) {
  const stops = [[68, 1, 84], [59, 82, 139], [33, 145, 140], [94, 201, 98], [253, 231, 37]];
  const x = Math.min(Math.max(t, 0), 1) * 4, i = Math.min(Math.floor(x), 3), f = x - i;
  const mix = (k) => Math.round(stops[i][k] + (stops[i + 1][k] - stops[i][k]) * f);
  return `rgb(${mix(0)},${mix(1)},${mix(2)})`;
}

function showHeatmap() {
  const n = state.n;
  stopJob("heatmap");
  heat = null;
  $("heatboard").replaceChildren();
  $("heatlegend").hidden = true;
  $("heatjson").value = "";
  $("heatjson").hidden = true;
  writeUrl();
  if (n <= HEATMAP_AT_ONCE_UP_TO) { drawHeatmap(n, nq.heatmap(n, () => {})); return; }
  if (n > HEATMAP_IN_BROWSER_UP_TO) {
    $("heatstatus").textContent = `the heat map is worked out in the browser up to n = ${HEATMAP_IN_BROWSER_UP_TO}; \`nqueens heatmap ${n}\` counts it on every core`;
    return;
  }
  $("heatstatus").textContent = `working out the heat map of n = ${n}…`;
  startJob("heatmap", { task: "heatmap", n }, "heating", "heatprogress", (d) => {
    if (d.n === state.n) drawHeatmap(d.n, d.counts);
  });
}
$("heatcancel").addEventListener("click", () => {
  if (stopJob("heatmap")) $("heatstatus").textContent = `cancelled: the heat map of n = ${state.n} was not worked out`;
});

function drawHeatmap(n, counts) {
  if (!counts) { $("heatstatus").textContent = "failed"; return; }
  const rows = Array.from({ length: n }, (_, r) => Array.from(counts.slice(r * n, (r + 1) * n)));
  const total = rows.length ? rows[0].reduce((a, b) => a + b, 0) : 0;
  heat = { n, total, rows };
  const lo = Math.min(...counts), hi = Math.max(...counts);
  const svg = svgFrame(n, true);
  svg.setAttribute("aria-label", `heat map of n = ${n}: solutions with a queen on each square`);
  // A count is written in its square where it fits at a readable size.
  const digits = String(hi).length;
  const font = Math.min(0.4, 0.85 / (digits * 0.62));
  const fits = font * (svg.clientWidth || 480) / n >= 7 || n <= 12;
  rows.forEach((row, r) => row.forEach((count, c) => {
    const t = hi === lo ? 0.5 : (count - lo) / (hi - lo);
    const sq = document.createElementNS(SVG, "rect");
    sq.setAttribute("x", c); sq.setAttribute("y", r); sq.setAttribute("width", 1); sq.setAttribute("height", 1);
    sq.setAttribute("fill", viridis(t));
    sq.dataset.row = r; sq.dataset.col = c; sq.dataset.count = count;
    const tip = document.createElementNS(SVG, "title");
    tip.textContent = `row ${r + 1}, column ${c + 1}: ${count} solutions`;
    sq.appendChild(tip);
    svg.appendChild(sq);
    if (fits) {
      const text = document.createElementNS(SVG, "text");
      text.setAttribute("x", c + 0.5); text.setAttribute("y", r + 0.5);
      text.setAttribute("font-size", font.toFixed(3));
      text.setAttribute("text-anchor", "middle"); text.setAttribute("dominant-baseline", "central");
      text.setAttribute("fill", t > 0.6 ? "#000" : "#fff");
      text.setAttribute("pointer-events", "none");
      text.textContent = count;
      svg.appendChild(text);
    }
  }));
  $("heatboard").replaceChildren(svg);
  $("heatlo").textContent = lo;
  $("heathi").textContent = hi;
  $("heatlegend").hidden = false;
  $("heatstatus").textContent = `n = ${n}: how many of the ${total} solutions have a queen on each square (every row and column sums to ${total})`;
}

$("heatexport").addEventListener("click", () => {
  if (heat) { $("heatjson").value = JSON.stringify(heat); $("heatjson").hidden = false; }
});

// ---- puzzle ----

function newPuzzle() {
  const n = state.n;
  const p = nq.puzzle(n, state.seed);
  if (!p) { puzzle = null; $("puzzlestate").textContent = `n = ${n} has no solution, so no puzzle`; $("puzzleboard").replaceChildren(); writeUrl(); return; }
  // BigInt seeds: the same puzzle as `nqueens puzzle N --seed S` for every seed it takes.
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
  if (conflicts.size) state_.textContent = `${conflicts.size} queens attack each other (red): move one of them`;
  else if (full && nq.is_solution(Uint8Array.from(placed))) { state_.textContent = "Solved! Every row has a queen and none attacks another."; state_.classList.add("solved"); }
  else state_.textContent = `Place a queen in every row so that none attacks another: click a square to put the row's queen there, click it again to take it back. The blue queens are fixed. ${placed.filter((c) => c >= 0).length} of ${n} placed.`;
  writeUrl();
}

// ---- wiring ----

function setMode(mode) {
  state.mode = mode;
  for (const m of MODES) $(m).hidden = m !== mode;
  document.querySelectorAll("nav button").forEach((b) => b.setAttribute("aria-selected", String(b.dataset.mode === mode)));
  if (playing) togglePlay();
  render();
}

function render() {
  if (state.mode !== "browse") stopJob("nth");
  if (state.mode !== "heatmap") stopJob("heatmap");
  if (state.mode === "browse") showBrowse();
  else if (state.mode === "search") showSearch();
  else if (state.mode === "heatmap") showHeatmap();
  else newPuzzle();
}

function setN(n) {
  state.n = Math.max(1, Math.min(32, n | 0));
  $("n").value = state.n;
  state.k = 1n; state.step = 0;
  notice("");
  showCount();
  render();
}

async function main() {
  await init();
  readUrl();
  $("n").value = state.n;
  $("fundamental").checked = state.fund;
  $("seed").value = String(state.seed);
  $("n").addEventListener("change", () => {
    // A whole number from 1 to 32, as a link's n: anything else is said, and n kept.
    const t = $("n").value.trim();
    if (/^\d+$/.test(t) && Number(t) >= 1 && Number(t) <= 32) { setN(Number(t)); return; }
    $("n").value = state.n;
    notice(`n is a board size from 1 to 32: "${t.slice(0, 24)}" is not one; n stays ${state.n}`);
  });
  $("prev").addEventListener("click", () => { state.k = state.k > 1n ? state.k - 1n : 1n; notice(""); showBrowse(); });
  $("next").addEventListener("click", () => { state.k += 1n; notice(""); showBrowse(); });
  $("k").addEventListener("change", () => {
    const t = $("k").value.trim();
    notice(/^\d+$/.test(t) && BigInt(t) >= 1n ? "" : `K counts the solutions from 1: "${t.slice(0, 24)}" is not one; showing the first`);
    state.k = /^\d+$/.test(t) && BigInt(t) >= 1n ? BigInt(t) : 1n;
    showBrowse();
  });
  $("fundamental").addEventListener("change", () => { state.fund = $("fundamental").checked; state.k = 1n; showBrowse(); });
  document.querySelectorAll("[data-export]").forEach((b) => b.addEventListener("click", () => exportAs(b.dataset.export)));
  document.querySelectorAll("nav button").forEach((b) => b.addEventListener("click", () => setMode(b.dataset.mode)));
  $("step").addEventListener("click", () => stepBy(1));
  $("back").addEventListener("click", () => stepBy(-1));
  $("play").addEventListener("click", togglePlay);
  $("newpuzzle").addEventListener("click", () => { state.seed = state.seed < U64_MAX ? state.seed + 1n : 0n; $("seed").value = String(state.seed); newPuzzle(); });
  $("seed").addEventListener("change", () => {
    const t = $("seed").value.trim();
    const ok = /^\d+$/.test(t) && BigInt(t) <= U64_MAX;
    notice(ok ? "" : `a seed is a whole number from 0 to 2^64 - 1: "${t.slice(0, 24)}" is not one`);
    if (ok) { state.seed = BigInt(t); newPuzzle(); }
  });
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
