import { describe, expect, it } from 'vitest';
import { surround } from './markdown-tools';
import { productNumberOf } from './components/insert-dialog';

describe('the guide editor toolbar', () => {
  it('makes the whole line the caret is on a heading, once', () => {
    const text = 'Intro line\n\nSecond line';
    expect(surround(text, 0, 0, 'heading')).toEqual({ text: '## Intro line\n\nSecond line', cursor: 13 });
    expect(surround('## Intro', 4, 4, 'heading').text).toBe('## Intro');
    expect(surround(text, 15, 15, 'heading').text).toBe('Intro line\n\n## Second line');
  });

  it('lists every selected line, and leaves list items as they are', () => {
    expect(surround('a\nb\n- c', 0, 7, 'list').text).toBe('- a\n- b\n- c');
    expect(surround('a\nb\n', 0, 4, 'list').text).toBe('- a\n- b\n');
  });

  it('bolds the selection, or a placeholder', () => {
    expect(surround('a word here', 2, 6, 'bold').text).toBe('a **word** here');
    expect(surround('', 0, 0, 'bold', undefined, 'Bold').text).toBe('**Bold**');
  });

  it('puts a product card on a line of its own', () => {
    const card = { markdown: '{{product:3}}', block: true };
    expect(surround('before after', 6, 6, 'product', card).text).toBe('before\n\n{{product:3}}\n\n after');
    expect(surround('', 0, 0, 'product', card).text).toBe('{{product:3}}\n');
    expect(surround('a\n\nb', 3, 3, 'product', card).text).toBe('a\n\n{{product:3}}\n\nb');
    expect(surround('a\n', 2, 2, 'product', card).text).toBe('a\n\n{{product:3}}\n');
  });

  it('replaces the selection with a link the dialog wrote; nothing without one', () => {
    expect(surround('see here', 4, 8, 'link', { markdown: '[here](<https://a.example>)', block: false }).text).toBe(
      'see [here](<https://a.example>)',
    );
    expect(surround('see here', 4, 8, 'link')).toEqual({ text: 'see here', cursor: 8 });
  });

  it('reads a product number from a number or a product page address in any language', () => {
    expect(productNumberOf(' 42 ')).toBe(42);
    expect(productNumberOf('https://finder.example/products/black-coat-42')).toBe(42);
    expect(productNumberOf('https://finder.example/de/products/schwarzer-mantel-7/')).toBe(7);
    expect(productNumberOf('/products/coat-9')).toBe(9);
    expect(productNumberOf('https://finder.example/guides/coat-9')).toBeNull();
    expect(productNumberOf('coat')).toBeNull();
    expect(productNumberOf('/products/%E0%A4%A-1')).toBeNull();
  });
});
