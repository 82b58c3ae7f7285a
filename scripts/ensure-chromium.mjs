// End-to-end tests drive Debian's Chromium. Install it with apt when it is missing; never download a browser.
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (fs.existsSync(CHROMIUM)) process.exit(0);

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const sudo = isRoot ? '' : 'sudo -n ';
console.log(`${CHROMIUM} is missing: installing Debian's chromium package with apt-get...`);
try {
  execSync(`${sudo}apt-get update -qq`, { stdio: 'inherit', env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' } });
  execSync(`${sudo}apt-get install -y -qq chromium`, {
    stdio: 'inherit',
    env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
  });
} catch {
  console.error(
    `Could not install chromium with apt-get${isRoot ? '' : ' (needs root or passwordless sudo)'}. ` +
      `Install Debian's chromium package, or set CHROMIUM_PATH to a Chromium binary.`,
  );
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing.`);
  process.exit(1);
}
