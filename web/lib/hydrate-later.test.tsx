import { renderToString } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { laterPart, preloadLaterParts } from './hydrate-later';

function Grid({ items }: { items: string[] }) {
  return (
    <ul className="grid">
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

const LaterGrid = laterPart(() => Promise.resolve(Grid));

// What the browser does with a part (hydrating it once its code is in) is tried in the built site (e2e/pages.spec.ts);
// here: the server renders a part at once, so the HTML a part is hydrated against is all there, inside React's marks
// of a Suspense boundary that finished on the server (`<!--$-->`), which tell hydration it may leave it for later.
describe('laterPart', () => {
  it('renders at once on the server once the parts are preloaded, inside a completed Suspense boundary', async () => {
    await preloadLaterParts();
    expect(renderToString(<LaterGrid items={['One', 'Two']} />)).toBe(
      `<!--$-->${renderToString(<Grid items={['One', 'Two']} />)}<!--/$-->`,
    );
  });

  it('passes its props through and keeps its identity for the same props (a memo: the boundary is left alone)', async () => {
    await preloadLaterParts();
    const element = <LaterGrid items={['A']} />;
    expect(renderToString(element)).toContain('<li>A</li>');
    expect(LaterGrid).toHaveProperty('$$typeof', Symbol.for('react.memo'));
  });
});
