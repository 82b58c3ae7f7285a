import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { findCycles } from './cycles';

const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-cycles-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

function write(files: Record<string, string>): void {
  for (const [name, code] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), code);
  }
}

describe('the cycle check', () => {
  it('names a cycle of plain imports, and only that one', async () => {
    write({
      'cycle/a.ts': "import { b } from './b';\nexport const a = () => b;\n",
      'cycle/b.ts': "import { c } from './c';\nexport const b = () => c;\n",
      'cycle/c.ts': "import { a } from './a';\nexport const c = () => a;\n",
      // A type-only import leaves nothing at run time.
      'types/x.ts': "import type { Y } from './y';\nexport type X = { y?: Y };\nexport const x = 1;\n",
      'types/y.ts': "import { x } from './x';\nexport type Y = { x: typeof x };\n",
      // A lazy chunk that imports the module loading it.
      'lazy/p.ts': "export const q = () => import('./q');\n",
      'lazy/q.ts': "import { q } from './p';\nexport const again = q;\n",
    });
    const cycles = await findCycles(['**/*.ts'], dir);
    expect(cycles).toHaveLength(1);
    expect([...(cycles[0] ?? [])].sort()).toEqual(['cycle/a.ts', 'cycle/b.ts', 'cycle/c.ts']);
  });
});
