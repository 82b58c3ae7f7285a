import { lazy, memo, Suspense, type ComponentType } from 'react';
import { withMessages } from './messages';

/**
 * Parts of a page that React hydrates after the rest (issue 38, decision 0080): each a Suspense boundary around a
 * component whose code loads after the first view. When React hydrates the server's HTML it leaves the content of
 * each boundary as the server wrote it (links work, the painted picture stays) and hydrates it later at the lowest
 * priority, each boundary on its own, once its code is in, yielding to the browser between them; a boundary a
 * visitor presses, types into or focuses then is hydrated first, at once, and the event goes to it. The server and
 * every later render in the browser render the part at once. The parts' styles come with the page (the build lists
 * them, first-view-chunks.ts), so nothing moves when a part hydrates.
 */

/** The loaders of every later part declared by the modules loaded so far. */
const loaders: Array<() => Promise<void>> = [];

/**
 * Loads the code of every later part declared by the modules loaded so far (the page's own). The server awaits it
 * before rendering and a navigation before showing the page, so neither ever shows a part's empty fallback; the
 * browser's first view asks for it while it hydrates the rest.
 */
export async function preloadLaterParts(): Promise<void> {
  await Promise.all(loaders.map((load) => load()));
}

/** What React.lazy reads synchronously: a thenable already resolved (React 19 reads its value in the same render). */
export function settled<T>(value: T): Promise<T> {
  return { then: (resolve: (v: T) => void) => resolve(value) } as unknown as Promise<T>;
}

/**
 * A part whose code loads after the first view (a chunk of its own, not linked by the page) and which is hydrated
 * when it arrives: what the first view shows but need not run at once (a grid of cards, a panel behind a button,
 * what is below the fold). Until then the server's markup stays as it is; a press on it before its code arrives
 * does what the markup does alone (a link is followed, a button does nothing). Declare it at a module's top level,
 * as `laterPart(() => import('./x').then((m) => m.X))`: the build finds its styles by that shape.
 *
 * The part is memoised: a parent that renders again with the same props does not reach the boundary, which would
 * otherwise have to be hydrated at once (or, its code still on the way, rendered anew). Give it stable props.
 */
export function laterPart<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  let loaded: ComponentType<P> | undefined;
  let pending: Promise<void> | undefined;
  // With the storefront's other texts (web/lib/messages.ts): the part renders in the page's language at once.
  const loadWithTexts = withMessages(load);
  const preload = () =>
    (pending ??= loadWithTexts().then(
      (component) => {
        loaded = component;
      },
      (err: unknown) => {
        pending = undefined;
        throw err;
      },
    ));
  loaders.push(preload);
  const Code = lazy(() => {
    if (loaded) return settled({ default: loaded });
    return preload().then(() => ({ default: loaded as ComponentType<P> }));
  });
  function LaterPart(props: P) {
    return (
      <Suspense fallback={null}>
        <Code {...props} />
      </Suspense>
    );
  }
  return memo(LaterPart);
}
