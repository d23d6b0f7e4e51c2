import { execSync, spawn } from 'node:child_process';
import { ensureDependencies } from './ensure-deps.mjs';

ensureDependencies();
console.log('Building the web app ...');
execSync('npm run build --silent', { stdio: 'inherit' });

const server = spawn(process.execPath, ['--import', 'tsx', 'apps/server/src/main.ts'], {
  stdio: 'inherit',
  env: { NODE_ENV: 'development', ...process.env },
});
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code) => process.exit(code ?? 0));
