// CSV writing for exports and the errors file; reading is csv-parse's, in readers/read-csv.ts (issue 26).

/**
 * A text an export guards with an apostrophe: a formula's start (= + - @ tab CR, which a spreadsheet would run), and an
 * apostrophe itself, so that a title which really starts with one ("'=abc") is written "''=abc" and an import, which
 * takes off exactly one guarding apostrophe, gives it back unchanged.
 */
const GUARDED_START = /^[=+\-@\t\r']/;

/** One CSV field: quoted when it holds a delimiter, quote or line break; a formula-like text gets an apostrophe. */
export function csvField(value: string | number | boolean | null): string {
  if (value === null) return '';
  if (typeof value !== 'string') return String(value);
  const text = GUARDED_START.test(value) ? `'${value}` : value;
  return /[",;\r\n\t]/.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

/** Takes back the apostrophe an export put before a formula-like text or before an apostrophe of the text. */
export function unguardFormula(value: string): string {
  return value.startsWith("'") && GUARDED_START.test(value.slice(1)) ? value.slice(1) : value;
}
