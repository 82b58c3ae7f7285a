import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { READER_NICE, readChecked } from './read-import';

/** The threads of this process's file readers, each with its nice value, from /proc (Linux). */
function childrenNice(): Array<{ pid: number; nice: number }> {
  const found: Array<{ pid: number; nice: number }> = [];
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    let stat: string;
    try {
      stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
    } catch {
      continue;
    }
    // pid (comm) state ppid … : the fields after the command's closing parenthesis start at the state (field 3).
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[1]) !== process.pid) continue;
    const command = fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8');
    if (!command.includes('import-reader')) continue;
    // Every thread of it: a priority is a thread's own on Linux.
    for (const task of fs.readdirSync(`/proc/${entry}/task`)) {
      const own = fs.readFileSync(`/proc/${entry}/task/${task}/stat`, 'utf8');
      found.push({ pid: Number(task), nice: Number(own.slice(own.lastIndexOf(')') + 2).split(' ')[16]) });
    }
  }
  return found;
}

describe.runIf(process.platform === 'linux')("the file reader's process", () => {
  // Issue 39: a 100,000-row preview's reader took one of two cores while visitors waited for the other.
  it('runs at a lower priority than the server, so visitors get the CPU first', async () => {
    const seen: Array<{ pid: number; nice: number }> = [];
    const csv = Buffer.from('title,price\nHoodie,10\nCargo pants,20\n');
    await readChecked(
      csv,
      'items.csv',
      'text/csv',
      {},
      async () => {
        seen.push(...childrenNice());
        return null;
      },
      async () => undefined,
    );
    expect(seen.length).toBeGreaterThan(0);
    for (const child of seen) expect(child.nice).toBeGreaterThanOrEqual(READER_NICE);
  });
});
