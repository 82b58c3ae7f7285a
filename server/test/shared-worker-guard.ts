import { afterAll } from 'vitest';

/**
 * Test files share a worker's globals (decision 0056). A file that leaves a browser's global behind breaks later files
 * in ways far from their cause: PGlite reads `window.location` when `window` exists and fails to open ("ErrnoError 44").
 * This fails the file that left it instead. Stub with vi.stubGlobal and undo with vi.unstubAllGlobals in afterAll.
 */
const BROWSER_GLOBALS = ['window', 'document', 'location', 'navigator'] as const;
const before = new Map(BROWSER_GLOBALS.map((name) => [name, Object.getOwnPropertyDescriptor(globalThis, name)]));

afterAll(() => {
  const left = BROWSER_GLOBALS.filter((name) => Object.getOwnPropertyDescriptor(globalThis, name)?.value !== before.get(name)?.value);
  if (left.length > 0) throw new Error(`This test file left ${left.join(', ')} on globalThis; later files in its worker would see it.`);
});
