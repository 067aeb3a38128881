// Browser tests drive Debian's Chromium; install it with apt when it is missing, never a
// downloaded browser build (this machine reaches only the npm registry and Debian).
import { execSync } from 'node:child_process';
import fs from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (fs.existsSync(CHROMIUM)) process.exit(0);

console.log(`${CHROMIUM} is missing: installing Debian's chromium with apt-get`);
const sudo = process.getuid?.() === 0 ? '' : 'sudo ';
try {
  execSync(`${sudo}apt-get update`, { stdio: 'inherit' });
  execSync(
    `${sudo}env DEBIAN_FRONTEND=noninteractive apt-get install -y chromium fonts-dejavu-core`,
    {
      stdio: 'inherit',
    },
  );
} catch {
  console.error('Could not install chromium. Install it by hand: apt-get install -y chromium');
  process.exit(1);
}
if (!fs.existsSync(CHROMIUM)) {
  console.error(`apt-get finished but ${CHROMIUM} is still missing`);
  process.exit(1);
}
