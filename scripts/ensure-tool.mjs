// Tools the multi-process setup, the bench and the tests run beside the app, from Debian's packages: HAProxy in front
// of the app processes (scripts/cluster.ts, its test, the bench), wrk, the bench's load generator, and Java, which
// runs the W3C HTML checker (vnu-jar) over the built pages (scripts/built-pages.test.ts; `npm run test:unit`), and
// LibreOffice (soffice), which writes workbooks for the import readers' test.
// `node scripts/ensure-tool.mjs <tool>` installs the package with apt when the binary is missing and prints the
// binary's path on success.
import { execFileSync, execSync } from 'node:child_process';
import fs from 'node:fs';

const TOOLS = {
  haproxy: { env: 'HAPROXY_PATH', paths: ['/usr/sbin/haproxy', '/usr/bin/haproxy', '/usr/local/sbin/haproxy'], check: ['-v'] },
  wrk: { env: 'WRK_PATH', paths: ['/usr/bin/wrk', '/usr/local/bin/wrk'], check: ['--version'] },
  java: { env: 'JAVA_PATH', paths: ['/usr/bin/java'], check: ['-version'], package: 'default-jre-headless' },
  // LibreOffice converts a CSV to XLSX and ODS for the import readers' test (server/modules/imports/readers.test.ts).
  soffice: {
    env: 'SOFFICE_PATH',
    paths: ['/usr/bin/soffice', '/usr/lib/libreoffice/program/soffice'],
    check: ['--version'],
    package: 'libreoffice-calc-nogui',
  },
};

const name = process.argv[2];
const tool = TOOLS[name];
if (!tool) {
  console.error(`usage: node scripts/ensure-tool.mjs ${Object.keys(TOOLS).join('|')}`);
  process.exit(2);
}
const candidates = [process.env[tool.env], ...tool.paths].filter(Boolean);
const pkg = tool.package ?? name;
const found = () => candidates.find((p) => fs.existsSync(p));

function runs(binary) {
  try {
    // wrk prints its version and exits 1: any exit that is not a failure to start will do.
    execFileSync(binary, tool.check, { stdio: 'ignore' });
    return true;
  } catch (err) {
    return typeof err?.status === 'number';
  }
}

let binary = found();
if (!binary) {
  const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
  const sudo = isRoot ? '' : 'sudo -n ';
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  // stdout carries only the path: apt's output goes to stderr.
  const quiet = { stdio: ['ignore', process.stderr, process.stderr], env };
  console.error(`${name} is missing: installing Debian's ${pkg} package with apt-get...`);
  try {
    try {
      execSync(`${sudo}apt-get install -y -qq ${pkg}`, quiet);
    } catch {
      // A fresh machine has no package lists yet.
      execSync(`${sudo}apt-get update -qq`, quiet);
      execSync(`${sudo}apt-get install -y -qq ${pkg}`, quiet);
    }
  } catch {
    console.error(
      `Could not install ${pkg} with apt-get${isRoot ? '' : ' (needs root or passwordless sudo)'}. ` +
        `Install Debian's ${pkg} package, or set ${tool.env} to its binary.`,
    );
    process.exit(1);
  }
  binary = found();
}
if (!binary || !runs(binary)) {
  console.error(`${name} is still missing or does not run after apt-get.`);
  process.exit(1);
}
console.log(binary);
