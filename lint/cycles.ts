// The cycle check (issue 30), run by `npm test` (`npm run check:cycles`): no module of ours imports itself through
// others. A cycle makes the load order decide which module sees the other half-made; it also blurs the layers that
// lint/import-boundaries.js holds apart. Type-only imports leave no trace at run time and are skipped; so are
// dynamic imports (a lazy chunk that imports the module that loads it back is a cycle of no consequence).
import { parseCircular, parseDependencyTree } from 'dpdm';

/** Every source file of ours, as globs relative to `cwd`. */
export const SOURCES = ['server/**/*.ts', 'web/**/*.{ts,tsx}', 'common/**/*.ts', 'scripts/**/*.{ts,mjs}', 'lint/**/*.{ts,js}'];

/** The cycles among the files `globs` name (relative to `cwd`), each as the list of files around it. */
export async function findCycles(globs: string[], cwd: string): Promise<string[][]> {
  const tree = await parseDependencyTree(globs, { cwd, transform: true, skipDynamicImports: false });
  return parseCircular(tree, true);
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const cycles = await findCycles(SOURCES, process.cwd());
  if (cycles.length > 0) {
    console.error(`Import cycles (${cycles.length}): break each by moving what both sides need into a module of its own.`);
    for (const cycle of cycles) console.error(`  ${[...cycle, cycle[0]].join(' -> ')}`);
    process.exit(1);
  }
  process.stdout.write('no import cycles\n');
}
