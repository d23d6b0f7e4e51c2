import { createReadStream } from 'node:fs';
import { mkdir, rename, stat, unlink, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { assertSafeKey, type FileStorage } from './file-storage.ts';

/** The zero-setup default: files under one folder (FILE_STORAGE_DIR) on this machine. */
export function createLocalFileStorage(root: string): FileStorage {
  const base = path.resolve(root);
  const pathOf = (key: string) => {
    assertSafeKey(key);
    const full = path.resolve(base, key);
    if (!full.startsWith(base + path.sep)) throw new Error('unsafe storage key');
    return full;
  };
  const exists = async (key: string) => {
    try {
      return (await stat(pathOf(key))).isFile();
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ENOENT') return false;
      throw err;
    }
  };
  return {
    async put(key, body) {
      const full = pathOf(key);
      await mkdir(path.dirname(full), { recursive: true });
      // Written aside, then renamed: a reader never sees half a file.
      const partial = `${full}.${process.pid}.partial`;
      await writeFile(partial, body);
      await rename(partial, full);
    },
    async get(key) {
      if (!(await exists(key))) return undefined;
      return createReadStream(pathOf(key));
    },
    async delete(key) {
      await unlink(pathOf(key)).catch((err: NodeJS.ErrnoException) => {
        if (err.code !== 'ENOENT') throw err;
      });
    },
    exists,
  };
}
