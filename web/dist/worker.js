// The page's long work, off its thread: a count, an unrank (`nth`), a fundamental solution
// past the tables, or a heat map. The library takes its thread until it is done, and the
// page's Cancel ends this worker.
import init, { count, nth_counted, heatmap, solution } from "./nqueens_web.js";

self.onmessage = async (event) => {
  await init();
  const { task, n, k } = event.data;
  let last = 0;
  const progress = (done, of) => {
    const now = Date.now();
    if (now - last > 100 || done === of) {
      last = now;
      self.postMessage({ progress: of ? done / of : 0 });
    }
  };
  if (task === "count") {
    self.postMessage({ n, total: count(n, progress) ?? null });
  } else if (task === "nth") {
    try {
      self.postMessage({ n, k, solution: nth_counted(n, String(k - 1n), progress) });
    } catch (e) {
      self.postMessage({ n, k, error: String(e) });
    }
  } else if (task === "fund") {
    // Walked to one by one: no steps to report, so the page shows a bar without a value.
    // k as a BigInt, exact past 2^53; past what can be walked to, the reason.
    try {
      self.postMessage({ n, k, solution: solution(n, k - 1n, true) });
    } catch (e) {
      self.postMessage({ n, k, error: String(e) });
    }
  } else if (task === "heatmap") {
    self.postMessage({ n, counts: heatmap(n, progress) ?? null });
  }
};
