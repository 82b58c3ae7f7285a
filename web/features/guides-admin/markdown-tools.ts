// The editor toolbar's Markdown (issue 43): what each button writes at the selection. Tested in markdown-tools.test.ts.

/** What the link, picture and product dialog hands back: the Markdown to put in place of the selection. */
export type Inserted = { markdown: string; block: boolean };

export type Tool = 'heading' | 'bold' | 'link' | 'list' | 'image' | 'product';

/**
 * Markdown the toolbar writes around the selection (or at the cursor); `inserted` is what the dialog of a link,
 * picture or product gave, in place of the selection.
 */
export function surround(
  text: string,
  start: number,
  end: number,
  tool: Tool,
  inserted?: Inserted,
  boldPlaceholder = 'bold',
): { text: string; cursor: number } {
  const picked = text.slice(start, end);
  // A heading or a list takes the whole lines the selection (or the caret) is on.
  const lineStart = text.lastIndexOf('\n', start - 1) + 1;
  const lineEnd = text.indexOf('\n', Math.max(start, end - (end > start && text[end - 1] === '\n' ? 1 : 0)));
  const linesEnd = lineEnd === -1 ? text.length : lineEnd;
  let insert: string;
  let from = start;
  let to = end;
  switch (tool) {
    case 'heading':
      from = lineStart;
      to = linesEnd;
      insert = `## ${text.slice(lineStart, linesEnd).replace(/^#{1,6}\s*/, '')}`;
      break;
    case 'bold':
      insert = `**${picked || boldPlaceholder}**`;
      break;
    case 'link':
    case 'image':
    case 'product':
      if (!inserted) return { text, cursor: end };
      insert = inserted.markdown;
      if (inserted.block) {
        // A card is a line of its own, with a blank line before and after it.
        const before = text.slice(0, start);
        const after = text.slice(end);
        insert = `${before === '' || before.endsWith('\n\n') ? '' : before.endsWith('\n') ? '\n' : '\n\n'}${insert}${after.startsWith('\n\n') ? '' : after.startsWith('\n') ? '\n' : after === '' ? '\n' : '\n\n'}`;
      }
      break;
    case 'list':
      from = lineStart;
      to = linesEnd;
      insert = text
        .slice(lineStart, linesEnd)
        .split('\n')
        .map((l) => (/^\s*[-*+] /.test(l) ? l : `- ${l}`))
        .join('\n');
      break;
  }
  return { text: text.slice(0, from) + insert + text.slice(to), cursor: from + insert.length };
}
