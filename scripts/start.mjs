import { execSync, spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { ensureDependencies } from './ensure-deps.mjs';

// Read .env here, so that a NODE_ENV it sets wins over the development default below.
if (existsSync('.env')) process.loadEnvFile('.env');
ensureDependencies();
console.log('Building the web app ...');
execSync('npm run build --silent', { stdio: 'inherit' });

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
