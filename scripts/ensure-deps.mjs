import { execSync } from 'node:child_process';
import { existsSync, statSync } from 'node:fs';

/** Installs the locked dependencies when node_modules is missing or older than the lockfile. */
export function ensureDependencies() {
  const installed = 'node_modules/.package-lock.json';
  if (existsSync(installed) && statSync(installed).mtimeMs >= statSync('package-lock.json').mtimeMs) return;
  console.log('Installing dependencies (npm ci) ...');
  execSync('npm ci --no-audit --no-fund', { stdio: 'inherit' });
}
