import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { HydrateLater } from './hydrate-later';

// What the browser does with a part (hydrating it after the rest) is tried in the built site (e2e/pages.spec.ts);
// here: the server never defers, so the HTML a part is hydrated against is all there, inside React's marks of a
// Suspense boundary that finished on the server (`<!--$-->`), which tell hydration it may leave it for later.
describe('HydrateLater', () => {
  it('renders its part at once on the server, inside a completed Suspense boundary', () => {
    const part = (
      <ul className="grid">
        <li>One</li>
      </ul>
    );
    expect(renderToString(<HydrateLater>{part}</HydrateLater>)).toBe(`<!--$-->${renderToString(part)}<!--/$-->`);
  });
});
