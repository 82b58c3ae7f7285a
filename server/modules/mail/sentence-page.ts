function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A page of one sentence and a way back to the site: the answer a person sees after a mail's unsubscribe link. */
export function sentencePage(title: string, sentence: string): string {
  return [
    '<!doctype html><html lang="en"><head><meta charset="utf-8">',
    '<meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex">',
    `<title>${escapeHtml(title)} | Finder</title></head>`,
    `<body><main><h1>${escapeHtml(title)}</h1><p role="status">${escapeHtml(sentence)}</p>`,
    '<p><a href="/">Back to the finder</a> · <a href="/account">Your account</a></p></main></body></html>',
  ].join('\n');
}
