// A guide's Markdown as the public page and the preview show it (issue 43): GitHub's dialect, product cards on their
// own lines, external links' rel, lazy pictures with their size, and a hostile corpus that must render nothing that
// runs (read back with parse5, the HTML parser browsers follow, not with the sanitiser's own view of it).
import fs from 'node:fs';
import path from 'node:path';
import { executable } from './fixtures/executable';
import { describe, expect, it } from 'vitest';
import { productOnLine, readingMinutes, renderGuideMarkdown, type RenderedGuide } from './markdown';

const ORIGIN = 'https://finder.example';
const render = (text: string, options: Partial<Parameters<typeof renderGuideMarkdown>[1]> = {}) =>
  renderGuideMarkdown(text, { origins: [ORIGIN], ...options });
const html = (r: RenderedGuide) => r.blocks.map((b) => (b.kind === 'html' ? b.html : `[card ${b.number}]`)).join('\n');

describe('the hostile corpus', () => {
  const corpus = fs.readFileSync(path.join(import.meta.dirname, 'fixtures/hostile.md'), 'utf8');

  it('renders with nothing executable: no script, handler, javascript:/data: address, SVG, style or comment', () => {
    const out = html(render(corpus));
    expect(executable(out)).toEqual([]);
    expect(out).not.toMatch(/<script/i);
    // Raw HTML is shown as text, so the words are still there (escaped), and the code block shows its code.
    expect(out).toContain('&lt;script&gt;alert');
    expect(out).toContain('<pre><code class="language-html">');
  });

  it('each hostile line alone too (no trick relies on its neighbours)', () => {
    for (const line of corpus.split('\n').filter((l) => l.trim())) {
      const out = html(render(line));
      expect(executable(out), line).toEqual([]);
    }
  });

  it('the checker itself finds what it looks for (it can fail)', () => {
    const found = executable('<a href="javascript:x">a</a><img src=x onerror=y><svg></svg><!-- c -->');
    expect(found).toEqual(expect.arrayContaining(['a href=javascript:x', 'img onerror', '<svg>', 'comment']));
  });
});

describe('GitHub\u2019s dialect', () => {
  it('headings (h1 is the title\u2019s: from h2, with anchors for the contents), lists, tables, links, pictures, quotes, task lists', () => {
    const r = render(
      [
        '# Buying',
        '## Step one',
        '- a **bold** item',
        '- [ ] to do',
        '1. first',
        '',
        '| Line | Days |',
        '|:-----|-----:|',
        '| EMS | 10 |',
        '',
        '> a quote',
        '',
        '[ours](/products) [theirs](https://example.com/x) [mail](mailto:help@example.com)',
        '',
        '![a parcel](/media/items/parcel.webp) ![far](https://img.example/x.jpg)',
        '',
        '~~gone~~',
      ].join('\n'),
      { imageSizes: new Map([['/media/items/parcel.webp', { width: 800, height: 600 }]]) },
    );
    const out = html(r);
    expect(r.headings).toEqual([
      { id: 'h-buying', text: 'Buying', level: 2 },
      { id: 'h-step-one', text: 'Step one', level: 2 },
    ]);
    expect(out).toContain('<h2 id="h-buying">Buying</h2>');
    expect(out).toContain('<li>a <strong>bold</strong> item</li>');
    expect(out).toContain('<input type="checkbox" disabled />');
    expect(out).toContain('<ol>');
    expect(out).toContain('<th align="left">Line</th>');
    expect(out).toContain('<td align="right">10</td>');
    expect(out).toContain('<blockquote>');
    expect(out).toContain('<a href="/products">ours</a>');
    expect(out).toContain('<a href="https://example.com/x" rel="noopener nofollow ugc">theirs</a>');
    expect(out).toContain('<a href="mailto:help@example.com">mail</a>');
    expect(out).toContain('<img src="/media/items/parcel.webp" alt="a parcel" loading="lazy" decoding="async" width="800" height="600" />');
    expect(out).toContain('<img src="https://img.example/x.jpg" alt="far" loading="lazy" decoding="async" />');
    expect(out).toContain('<del>gone</del>');
  });

  it('external links follow the operator\u2019s rel; links to the site itself get none', () => {
    const out = html(render(`[a](https://example.com) [b](${ORIGIN}/guides)`, { externalRel: 'noopener' }));
    expect(out).toContain('<a href="https://example.com" rel="noopener">a</a>');
    expect(out).toContain(`<a href="${ORIGIN}/guides">b</a>`);
  });

  it('reading time: 200 words a minute, at least one', () => {
    expect(readingMinutes(render('word '.repeat(1000)).words)).toBe(5);
    expect(readingMinutes(render('short').words)).toBe(1);
  });
});

describe('product cards', () => {
  it('a tag or one of our product addresses on its own line is a card; anything else stays text', () => {
    const r = render(
      [
        'Intro.',
        '{{product:12}}',
        `${ORIGIN}/products/nuptse-jacket-34`,
        `<${ORIGIN}/de/products/nuptse-jacket-35>`,
        `See ${ORIGIN}/products/x-36 here.`,
        'https://other.example/products/x-37',
        '```',
        '{{product:38}}',
        '```',
        '{{ product : 12 }}',
      ].join('\n'),
    );
    expect(r.blocks.map((b) => (b.kind === 'product' ? b.number : 'html'))).toEqual(['html', 12, 34, 35, 'html', 12]);
    expect(r.products).toEqual([12, 34, 35]);
    expect(html(r)).toContain('{{product:38}}');
  });

  it('productOnLine refuses numbers no product can have', () => {
    expect(productOnLine('{{product:0}}', [ORIGIN])).toBeNull();
    expect(productOnLine('{{product:99999999999}}', [ORIGIN])).toBeNull();
    expect(productOnLine(`${ORIGIN}/products/no-number`, [ORIGIN])).toBeNull();
  });
});
