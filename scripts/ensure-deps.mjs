import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

/**
 * Installs the locked dependencies when node_modules is missing or older than the lockfile.
 * `npm install`, not `npm ci`: the registry here lacks some platform-only optional packages
 * (e.g. Biome's Android and macOS binaries), which `npm ci` refuses as "not in sync".
 */
export function ensureDependencies() {
  const installed = 'node_modules/.package-lock.json';
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync('package-lock.json').mtimeMs) return;
  console.log('Installing dependencies ...');
  execSync('npm install --no-audit --no-fund', { stdio: 'inherit' });
}
