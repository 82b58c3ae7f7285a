// Several Finder processes behind HAProxy on one PostgreSQL and one S3 bucket (deploy/haproxy.cfg): used by its
// test, by the bench, and by hand:
//
//   DATABASE_URL=postgres://... [S3_BUCKET=... S3_ENDPOINT=...] [FINDER_PROCESSES=2] [PORT=8080] npm run cluster
//
// Without S3_BUCKET a local s3rver stands in (for trying it out; a real site names its bucket).
import { spawn, execFileSync, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { S3Settings } from '../server/config';
import { buildServer, runDirectory, SERVER_NODE_FLAGS } from './build-server';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const HAPROXY_CONFIG = path.join(ROOT, 'deploy', 'haproxy.cfg');

export type ClusterOptions = {
  /** How many app processes (at least 1). */
  processes: number;
  /** PostgreSQL: every process shares it (PGlite is one process's own). */
  databaseUrl: string;
  /** The shared bucket; without it each process would keep uploads on its own disk. */
  s3: S3Settings;
  /** The balancer's port; 0 or unset picks a free one. */
  port?: number;
  /** Further environment for every process (ADMIN_EMAIL, LOG_LEVEL, SEED_DEMO ...). */
  env?: Record<string, string>;
  /** Signs every process's session cookies; one is generated when unset. */
  authSecret?: string;
};

export type Cluster = {
  /** The balancer: the site's address (PUBLIC_URL). */
  url: string;
  /** Each process's own port, in server-name order (app1, app2 ...). */
  appPorts: number[];
  /** Process ids of the app processes, in the same order. */
  pids: number[];
  stop(): Promise<void>;
};

/** A port nobody listens on now (the kernel's choice); a tiny race with other programs is accepted. */
export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve, reject) => server.listen(0, '127.0.0.1', resolve).once('error', reject));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

/** A tool's binary, installed from Debian's packages when missing (scripts/ensure-tool.mjs); throws when it cannot be. */
export function ensureTool(name: 'haproxy' | 'wrk'): string {
  return execFileSync(process.execPath, [path.join(ROOT, 'scripts', 'ensure-tool.mjs'), name], {
    encoding: 'utf8',
    stdio: ['ignore', 'pipe', 'pipe'],
  }).trim();
}

/** The HAProxy binary, installed with apt when missing; throws when it cannot be. */
export function ensureHaproxy(): string {
  return ensureTool('haproxy');
}

/** deploy/haproxy.cfg as shipped, listening on `port`, with one server line per process. */
export function haproxyConfig(port: number, appPorts: number[], template = fs.readFileSync(HAPROXY_CONFIG, 'utf8')): string {
  const lines = template.split('\n').filter((line) => !/^\s*server\s/.test(line));
  const bind = lines.findIndex((line) => /^\s*bind\s/.test(line));
  if (bind < 0) throw new Error(`${HAPROXY_CONFIG} has no bind line`);
  lines[bind] = `    bind 127.0.0.1:${port}`;
  // The backend is the file's last section: the servers go at its end.
  while (lines.length > 0 && lines[lines.length - 1]?.trim() === '') lines.pop();
  lines.push(...appPorts.map((p, i) => `    server app${i + 1} 127.0.0.1:${p} check`), '');
  return lines.join('\n');
}

export function s3Environment(s3: S3Settings): Record<string, string> {
  return {
    S3_BUCKET: s3.bucket,
    ...(s3.endpoint ? { S3_ENDPOINT: s3.endpoint } : {}),
    S3_REGION: s3.region,
    ...(s3.accessKeyId && s3.secretAccessKey ? { S3_ACCESS_KEY_ID: s3.accessKeyId, S3_SECRET_ACCESS_KEY: s3.secretAccessKey } : {}),
    S3_FORCE_PATH_STYLE: String(s3.forcePathStyle),
    ...(s3.prefix ? { S3_PREFIX: s3.prefix } : {}),
  };
}

type Running = { child: ChildProcess; output: string[]; name: string };

function run(name: string, command: string, args: string[], env: NodeJS.ProcessEnv): Running {
  const child = spawn(command, args, { cwd: ROOT, env, stdio: ['ignore', 'pipe', 'pipe'] });
  const output: string[] = [];
  const keep = (chunk: Buffer) => {
    output.push(chunk.toString());
    // The last lines are what explains a failure.
    if (output.length > 200) output.splice(0, output.length - 200);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  return { child, output, name };
}

const tail = (r: Running) => r.output.join('').split('\n').slice(-20).join('\n');

async function waitForHealth(url: string, running: Running, timeoutMs: number): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (running.child.exitCode !== null) throw new Error(`${running.name} exited with ${running.child.exitCode}:\n${tail(running)}`);
    try {
      const res = await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) });
      if (res.ok) return;
    } catch {
      // Not listening yet.
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`${running.name} did not answer ${url}/api/health within ${timeoutMs / 1000} s:\n${tail(running)}`);
}

async function stopProcess(running: Running): Promise<void> {
  const { child } = running;
  if (child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

export async function startCluster(options: ClusterOptions): Promise<Cluster> {
  if (options.processes < 1) throw new Error('a cluster needs at least one process');
  const haproxy = ensureHaproxy();
  const port = options.port || (await freePort());
  const appPorts: number[] = [];
  for (let i = 0; i < options.processes; i++) appPorts.push(await freePort());
  const publicUrl = `http://127.0.0.1:${port}`;
  const env: NodeJS.ProcessEnv = {
    ...process.env,
    LOG_LEVEL: 'warn',
    ...options.env,
    DATABASE_URL: options.databaseUrl,
    ...s3Environment(options.s3),
    AUTH_SECRET: options.authSecret ?? randomBytes(32).toString('hex'),
    PUBLIC_URL: publicUrl,
    // HAProxy's address: X-Forwarded-For from it names the visitor.
    TRUST_PROXY: '127.0.0.1',
    HOST: '127.0.0.1',
  };
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'finder-cluster-'));
  // Each process runs the server as `npm start` does: compiled (scripts/build-server.ts), here from this checkout.
  const appDir = runDirectory('cluster');
  const started: Running[] = [];
  const stop = async () => {
    await Promise.all(started.map(stopProcess));
    fs.rmSync(dir, { recursive: true, force: true });
    fs.rmSync(appDir, { recursive: true, force: true });
  };
  try {
    const main = await buildServer('server/main.ts', appDir);
    const startApp = (i: number) => {
      const running = run(`app${i + 1}`, process.execPath, [...SERVER_NODE_FLAGS, main], { ...env, PORT: String(appPorts[i]) });
      started.push(running);
      return waitForHealth(`http://127.0.0.1:${appPorts[i]}`, running, 90_000);
    };
    // The first one migrates, seeds and makes the admin account alone; the others find it done.
    await startApp(0);
    await Promise.all(appPorts.slice(1).map((_, i) => startApp(i + 1)));
    const configPath = path.join(dir, 'haproxy.cfg');
    fs.writeFileSync(configPath, haproxyConfig(port, appPorts));
    // -db: stay in the foreground, so stopping the child stops HAProxy.
    const balancer = run('haproxy', haproxy, ['-db', '-f', configPath], process.env);
    started.push(balancer);
    await waitForHealth(publicUrl, balancer, 15_000);
  } catch (err) {
    await stop();
    throw err;
  }
  return {
    url: publicUrl,
    appPorts,
    pids: started.slice(0, options.processes).map((r) => r.child.pid ?? 0),
    stop,
  };
}

async function main(): Promise<void> {
  const databaseUrl = process.env.DATABASE_URL;
  if (!databaseUrl) {
    console.error('DATABASE_URL must name the PostgreSQL database every process shares (PGlite is one process only).');
    process.exit(1);
  }
  const { loadConfig } = await import('../server/config');
  let s3 = loadConfig().s3;
  let closeS3: () => Promise<void> = async () => undefined;
  if (!s3) {
    const { startTestS3 } = await import('../server/test/s3-server');
    const local = await startTestS3();
    s3 = local.s3;
    closeS3 = local.close;
    console.log(`S3_BUCKET is not set: uploads go to a local s3rver at ${s3.endpoint} (gone when this stops).`);
  }
  const cluster = await startCluster({
    processes: Number(process.env.FINDER_PROCESSES ?? 2),
    databaseUrl,
    s3,
    port: Number(process.env.PORT ?? 8080),
    env: { LOG_LEVEL: process.env.LOG_LEVEL ?? 'info' },
    ...(process.env.AUTH_SECRET ? { authSecret: process.env.AUTH_SECRET } : {}),
  });
  console.log(`Finder: ${cluster.appPorts.length} processes (ports ${cluster.appPorts.join(', ')}) behind HAProxy at ${cluster.url}`);
  const shutdown = async () => {
    await cluster.stop();
    await closeS3();
    process.exit(0);
  };
  process.on('SIGINT', () => void shutdown());
  process.on('SIGTERM', () => void shutdown());
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err instanceof Error ? err.message : err);
    process.exit(1);
  });
}
