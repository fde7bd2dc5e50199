#!/usr/bin/env node
// The browser tests need Debian's chromium and a CJK font (fonts-wqy-microhei; without it Chinese renders as
// boxes). Installs them when it can (as root, with apt), as .ci/run does; otherwise stops at once with the
// exact command to run.
import { execFileSync, spawnSync } from 'node:child_process';
import fs from 'node:fs';

const chromium = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const hasChromium = fs.existsSync(chromium);
const hasFont = spawnSync('dpkg', ['-s', 'fonts-wqy-microhei'], { stdio: 'ignore' }).status === 0;
const missing = [...(hasChromium ? [] : ['chromium']), ...(hasFont ? [] : ['fonts-wqy-microhei'])];
if (missing.length === 0) process.exit(0);

const command = `apt-get update && apt-get install -y ${missing.join(' ')}`;
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const hasApt = spawnSync('sh', ['-c', 'command -v apt-get'], { stdio: 'ignore' }).status === 0;
if (!isRoot || !hasApt) {
  process.stderr.write(
    `The browser tests need ${missing.join(' and ')}, which ${missing.length > 1 ? 'are' : 'is'} not installed.\n` +
      `Install ${missing.length > 1 ? 'them' : 'it'} with:\n\n  sudo sh -c '${command}'\n\n` +
      `(or set CHROMIUM_PATH to a Chromium binary), then run the tests again.\n`,
  );
  process.exit(1);
}
process.stdout.write(`Installing ${missing.join(' ')} for the browser tests (apt-get)...\n`);
try {
  execFileSync(
    'sh',
    ['-c', `DEBIAN_FRONTEND=noninteractive apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`],
    {
      stdio: 'inherit',
    },
  );
} catch {
  process.stderr.write(`Installing failed. Install by hand with:\n\n  ${command}\n\n`);
  process.exit(1);
}
