import { Fragment, type ReactNode } from 'react';

/** A mark for the i-th part: a character of Unicode's private use area, which no sentence or translation holds. */
const mark = (i: number) => String.fromCharCode(0xe000 + i);
const MARKS = /([\uE000-\uE0FF])/;

/**
 * A sentence of the texts files with elements inside it (a link, a term in bold): `sentence` is the text's function,
 * called with a mark for each part where its placeholders go (`{link}`), so a translation may move them; each mark
 * is then replaced by its part.
 */
export function richText(sentence: (...marks: string[]) => string, ...parts: ReactNode[]): ReactNode[] {
  const text = sentence(...parts.map((_, i) => mark(i)));
  return text
    .split(MARKS)
    .filter(Boolean)
    .map((piece, key) => {
      const index = piece.length === 1 ? piece.charCodeAt(0) - 0xe000 : -1;
      return index >= 0 && index < parts.length ? <Fragment key={key}>{parts[index]}</Fragment> : piece;
    });
}
