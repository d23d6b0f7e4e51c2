import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDependencies } from './ensure-deps.mjs';

const CHROMIUM = '/usr/bin/chromium';

function ensureChromium() {
  if (existsSync(CHROMIUM)) return;
  if (process.getuid?.() !== 0) {
    console.error(
      `Browser tests need Chromium at ${CHROMIUM}. Install it with: sudo apt-get install -y chromium`,
    );
    process.exit(1);
  }
  console.log('Installing Chromium from Debian packages ...');
  execSync('apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium', {
    stdio: 'inherit',
  });
}

const steps = [
  ['lint', 'npx biome check .'],
  ['typecheck', 'npm run typecheck --silent'],
  ['unit tests', 'npx vitest run --project unit'],
  ['API tests', 'npx vitest run --project api'],
  ['web build', 'npm run build --silent'],
  ['browser tests', 'npx playwright test -c e2e/playwright.config.ts'],
];

ensureDependencies();
ensureChromium();
for (const [name, command] of steps) {
  console.log(`\n=== ${name}: ${command}`);
  const started = Date.now();
  try {
    execSync(command, { stdio: 'inherit' });
  } catch {
    console.error(`\n${name} failed.`);
    process.exit(1);
  }
  console.log(`=== ${name} passed in ${((Date.now() - started) / 1000).toFixed(1)} s`);
}
console.log('\nAll checks passed.');
