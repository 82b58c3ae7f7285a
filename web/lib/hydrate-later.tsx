import { Suspense, useState, type ReactNode } from 'react';

/**
 * Hydration in more than one task (issue 28). Preact hydrates a page in one synchronous pass; on a phone that pass
 * was one long task (total blocking time). A part wrapped in `HydrateLater` suspends during that pass: Preact keeps
 * the server's markup of it as it is (links work, the picture stays painted) and hydrates it when the part is
 * released, in a task of its own (each part its own, in the order they were rendered). The server and every later
 * render in the browser render it at once.
 *
 * The part must render one element at its top: a suspended part keeps one DOM node (Preact 11's rule).
 */

/** The releases of the parts of the hydrating pass under way; null when none is (the server, later renders). */
let pass: { releases: Array<Promise<void>>; next: number; done: boolean } | null = null;

/** Runs the browser's hydrating call (main.tsx); parts rendered during it are hydrated in later tasks. */
export function hydrateInTasks(hydrate: () => void): void {
  const current = { releases: [] as Array<Promise<void>>, next: 0, done: false };
  pass = current;
  try {
    hydrate();
  } finally {
    // Renders after this call (state set during hydration) no longer claim new releases.
    current.done = true;
  }
}

/** A release a task after the previous one's: each deferred part hydrates in a task of its own. */
function claimRelease(): Promise<void> | null {
  // The server, a page rendered in the browser and a part first shown after the pass: at once.
  if (!pass || pass.done) return null;
  const previous = pass.releases.at(-1) ?? Promise.resolve();
  const release = previous.then(() => new Promise<void>((resolve) => setTimeout(resolve, 0)));
  pass.releases.push(release);
  return release;
}

const settled = new WeakSet<Promise<void>>();

function Deferred({ release, children }: { release: Promise<void> | null; children: ReactNode }) {
  if (release && !settled.has(release)) {
    throw release.then(() => void settled.add(release));
  }
  return children;
}

/** Hydrates `children` (one element at their top) in a later task than the rest of the page; renders them at once elsewhere. */
export function HydrateLater({ children }: { children: ReactNode }) {
  // Claimed once per mounted part: a re-render during the wait (a state set while hydrating) keeps waiting for it.
  const [release] = useState(claimRelease);
  return (
    <Suspense fallback={null}>
      <Deferred release={release}>{children}</Deferred>
    </Suspense>
  );
}
