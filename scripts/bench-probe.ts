// Child process of bench.ts: while the heavy load runs, asks /api/health and a few model requests on a steady beat
// and times each answer. A process of its own, so the load generator's busy event loop does not delay the probes.
type Probe = { base: string; paths: string[]; durationMs: number; everyMs: number };
/** How long the answer took, its status, and when it was asked (ms after the probe began; `wall`: Date.now()). */
type Sample = { ms: number; status: number; at: number; wall: number };

const PROBE_TIMEOUT_MS = 10_000;

async function timed(url: string, began: number): Promise<Sample> {
  const started = performance.now();
  const at = started - began;
  const wall = Date.now();
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(PROBE_TIMEOUT_MS) });
    await res.arrayBuffer();
    return { ms: performance.now() - started, status: res.status, at, wall };
  } catch {
    // Timed out or refused: status 0.
    return { ms: performance.now() - started, status: 0, at, wall };
  }
}

process.once('message', async (msg: Probe) => {
  const health: Sample[] = [];
  const pages: Sample[] = [];
  const until = Date.now() + msg.durationMs;
  const inFlight: Array<Promise<unknown>> = [];
  let i = 0;
  const began = performance.now();
  while (Date.now() < until) {
    inFlight.push(timed(`${msg.base}/api/health`, began).then((s) => health.push(s)));
    inFlight.push(timed(`${msg.base}${msg.paths[i++ % msg.paths.length] ?? '/'}`, began).then((s) => pages.push(s)));
    await new Promise((r) => setTimeout(r, msg.everyMs));
  }
  await Promise.all(inFlight);
  process.send?.({ health, pages }, () => process.exit(0));
});
