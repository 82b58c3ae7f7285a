// The multi-process setup (scripts/cluster.ts, its test and the bench) puts HAProxy in front of the app processes.
// Install Debian's haproxy package with apt when it is missing; prints the binary's path on success.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';

const CANDIDATES = [process.env.HAPROXY_PATH, '/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'].filter(Boolean);

function found() {
  return CANDIDATES.find((p) => fs.existsSync(p));
}

function runs(binary) {
  try {
    execFileSync(binary, ['-v'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

let haproxy = found();
if (!haproxy) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? '' : 'sudo -n ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // stdout carries only the path: apt's output goes to stderr.
  const quiet = { stdio: ['ignore', process.stderr, process.stderr], env };
  console.error("haproxy is missing: installing Debian's haproxy package with apt-get...");
  try {
    try {
      execSync(`${sudo}apt-get install -y -qq haproxy`, quiet);
    } catch {
      // A fresh machine has no package lists yet.
      execSync(`${sudo}apt-get update -qq`, quiet);
      execSync(`${sudo}apt-get install -y -qq haproxy`, quiet);
    }
  } catch {
    console.error(
      `Could not install haproxy with apt-get${isRoot ? '' : ' (needs root or passwordless sudo)'}. ` +
        "Install Debian's haproxy package, or set HAPROXY_PATH to an HAProxy binary.",
    );
    process.exit(1);
  }
  haproxy = found();
}
if (!haproxy || !runs(haproxy)) {
  console.error('haproxy is still missing or does not run after apt-get.');
  process.exit(1);
}
console.log(haproxy);
