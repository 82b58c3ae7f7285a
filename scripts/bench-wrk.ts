/**
 * The bench's load generator for its steady rows: wrk (C, Debian's package, one thread), fed a list of request
 * paths by a small Lua script. autocannon (JavaScript) spent more time reading an 8 kB page than the server spent
 * sending it from its cache: with it, the page rows measured the client (two autocannon processes together got 60%
 * more answers from the same server than one). wrk reads the same answers at a fraction of the cost, so the ceiling
 * and the model are both measured at the server.
 */
import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ensureTool } from './cluster';

export type LoadFigures = { rps: number; p50: number; p99: number; non2xx: number; errors: number; timeouts: number; status503: number };

const SCRIPT = `
local paths = {}
local i = 0
function init(args)
  for line in io.lines(args[1]) do paths[#paths + 1] = line end
end
function request()
  i = i + 1
  if i > #paths then i = 1 end
  return wrk.format(nil, paths[i])
end
function done(summary, latency, requests)
  local e = summary.errors
  io.write(string.format('\\nWRK-JSON {"requests":%d,"durationUs":%d,"p50Us":%d,"p99Us":%d,"connect":%d,"read":%d,"write":%d,"status":%d,"timeout":%d}\\n',
    summary.requests, summary.duration, latency:percentile(50), latency:percentile(99),
    e.connect, e.read, e.write, e.status, e.timeout))
end
`;

let wrkBinary: string | undefined;

/**
 * `connections` connections for `seconds`, cycling through `paths` (drawn in advance, in order), with `headers` on
 * every request. Each connection waits for an answer before its next request, as autocannon's did.
 */
export async function wrkLoad(
  base: string,
  paths: readonly string[],
  options: { connections: number; seconds: number; timeoutSeconds: number; headers?: Record<string, string> },
): Promise<LoadFigures> {
  wrkBinary ??= ensureTool('wrk');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-wrk-'));
  try {
    const scriptPath = path.join(dir, 'paths.lua');
    const listPath = path.join(dir, 'paths.txt');
    fs.writeFileSync(scriptPath, SCRIPT);
    fs.writeFileSync(listPath, `${paths.join('\n')}\n`);
    const headerArgs = Object.entries(options.headers ?? {}).flatMap(([name, value]) => ['-H', `${name}: ${value}`]);
    const args = [
      '-t1',
      `-c${options.connections}`,
      `-d${options.seconds}s`,
      `--timeout`,
      `${options.timeoutSeconds}s`,
      ...headerArgs,
      '-s',
      scriptPath,
      base,
      '--',
      listPath,
    ];
    const stdout = await new Promise<string>((resolve, reject) => {
      execFile(wrkBinary as string, args, { maxBuffer: 16 * 1024 * 1024 }, (err, out, errOut) =>
        err ? reject(new Error(`wrk failed: ${err.message}\n${errOut}`)) : resolve(out),
      );
    });
    const json = /WRK-JSON (\{.*\})/.exec(stdout)?.[1];
    if (!json) throw new Error(`wrk printed no figures:\n${stdout}`);
    const r = JSON.parse(json) as {
      requests: number;
      durationUs: number;
      p50Us: number;
      p99Us: number;
      connect: number;
      read: number;
      write: number;
      status: number;
      timeout: number;
    };
    return {
      rps: r.requests / (r.durationUs / 1e6),
      p50: Math.round(r.p50Us / 100) / 10,
      p99: Math.round(r.p99Us / 100) / 10,
      // wrk counts answers of 400 and above under "status"; it does not tell them apart.
      non2xx: r.status,
      errors: r.connect + r.read + r.write + r.timeout,
      timeouts: r.timeout,
      status503: 0,
    };
  } finally {
    fs.rmSync(dir, { recursive: true, force: true });
  }
}
