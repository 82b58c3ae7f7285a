import { describe, expect, it } from 'vitest';
import { parse } from 'csv-parse/sync';
import { csvField, unguardFormula } from './csv';

describe('the CSV formula guard', () => {
  const titles = ["'=abc", '=1+1', '+33 phone', '-5 off', '@home', "'quoted'", "''twice", 'plain', 'tab\there', "it's", '\tlead'];

  it('guards formula starts and apostrophes, and an import takes exactly that guard off', () => {
    expect(csvField('=1+1')).toBe("'=1+1");
    expect(csvField("'=abc")).toBe("''=abc");
    expect(csvField("'quoted'")).toBe("''quoted'");
    expect(csvField('plain')).toBe('plain');
    for (const title of titles) {
      // Read back by csv-parse, the reader imports use.
      const [row] = parse(`${csvField(title)}\r\n`, { relax_column_count: true }) as string[][];
      expect(unguardFormula(row?.[0] ?? ''), title).toBe(title);
    }
  });

  it("leaves a file's own apostrophes alone unless they guard a formula or an apostrophe", () => {
    expect(unguardFormula("'=SUM(A1)")).toBe('=SUM(A1)');
    expect(unguardFormula("'abc")).toBe("'abc");
    expect(unguardFormula("rock'n'roll")).toBe("rock'n'roll");
  });
});
