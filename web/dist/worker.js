// Counts one n off the page's thread: the counter takes its thread until it is done, and
// the page's Cancel ends this worker.
import init, { count } from "./nqueens_web.js";

self.onmessage = async (event) => {
  await init();
  const n = event.data.n;
  let last = 0;
  const total = count(n, (done, of) => {
    const now = Date.now();
    if (now - last > 100 || done === of) {
      last = now;
      self.postMessage({ progress: of ? done / of : 0 });
    }
  });
  self.postMessage({ n, total: total ?? null });
};
