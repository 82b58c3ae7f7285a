import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import './preact-compat';
import { HydrateLater } from './hydrate-later';

// What the browser does with a part (hydrating it a task later) is tried in the built site (e2e/pages.spec.ts); here:
// the server never defers, so the HTML a part is hydrated against is all there.
describe('HydrateLater', () => {
  it('renders its part at once on the server, with nothing around it', () => {
    const part = (
      <ul className="grid">
        <li>One</li>
      </ul>
    );
    expect(renderToString(<HydrateLater>{part}</HydrateLater>)).toBe(renderToString(part));
  });
});
