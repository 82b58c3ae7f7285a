import * as compat from 'preact/compat';
import * as react from 'react';
import { renderToString } from 'react-dom/server';
import './preact-compat';
import { describe, expect, it } from 'vitest';

// The tests render what users run (decision 0064): React's names resolve to Preact here as in the build.
describe('the runtime behind React’s names', () => {
  it('is preact/compat', () => {
    expect(react.useState).toBe(compat.useState);
    expect(react.createElement).toBe(compat.createElement);
  });

  it('renders on the server with React’s prop names', () => {
    const html = renderToString(react.createElement('label', { className: 'field', htmlFor: 'q' }, 'Search'));
    expect(html).toBe('<label for="q" class="field">Search</label>');
  });

  it('writes spellcheck="false" and autofocus as React does', () => {
    const html = renderToString(react.createElement('input', { spellCheck: false, autoFocus: true }));
    expect(html).toBe('<input autofocus spellcheck="false"/>');
  });
});
