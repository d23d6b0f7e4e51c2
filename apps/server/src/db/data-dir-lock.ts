import { readFileSync, rmSync, writeFileSync } from 'node:fs';

export class DataDirInUse extends Error {}

function alive(pid: number) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Claims the embedded database's folder for this process. PGlite itself lets two processes open one
 * folder, and two writers would corrupt it; so the server, the backup and the restore each claim
 * it first. A lock left by a process that no longer runs (killed) is taken over.
 */
export function claimDataDir(dataDir: string): () => void {
  const lockFile = `${dataDir}.lock`;
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      writeFileSync(lockFile, String(process.pid), { flag: 'wx' });
      return () => rmSync(lockFile, { force: true });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err;
      const holder = Number(readFileSync(lockFile, 'utf8'));
      if (holder && holder !== process.pid && alive(holder)) {
        throw new DataDirInUse(
          `The embedded database in ${dataDir} is in use by another process (pid ${holder}). Stop it first.`,
        );
      }
      rmSync(lockFile, { force: true });
    }
  }
  throw new DataDirInUse(`Could not claim the embedded database in ${dataDir}.`);
}
