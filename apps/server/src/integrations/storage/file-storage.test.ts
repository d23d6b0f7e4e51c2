import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { CreateBucketCommand, S3Client } from '@aws-sdk/client-s3';
import S3rver from 's3rver';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type FileStorage, newStorageKey, readAll } from './file-storage.ts';
import { createLocalFileStorage } from './local-file-storage.ts';
import { createS3FileStorage } from './s3-file-storage.ts';

function behavesAsStorage(name: string, make: () => FileStorage) {
  describe(name, () => {
    it('stores, reads back, tells whether a file exists and deletes', async () => {
      const storage = make();
      const key = newStorageKey('referral-upload-working', 'Referral Smith.pdf');
      expect(key).toMatch(/^referral-upload-working\/\d{10}-[0-9a-f]{12}-Referral_Smith\.pdf$/);
      const bytes = Buffer.from('%PDF-1.7 pretend');
      await storage.put(key, bytes, 'application/pdf');
      expect(await storage.exists(key)).toBe(true);
      const body = await storage.get(key);
      expect(body && (await readAll(body)).equals(bytes)).toBe(true);
      await storage.delete(key);
      expect(await storage.exists(key)).toBe(false);
      expect(await storage.get(key)).toBeUndefined();
    });

    it('refuses keys that climb out or are absolute', async () => {
      const storage = make();
      for (const key of [
        '../etc/passwd',
        'a/../../b.pdf',
        '/etc/passwd',
        'a/..',
        'a/b/../c.pdf',
        'a\\b.pdf',
        '',
      ]) {
        await expect(storage.put(key, Buffer.from('x'), 'text/plain')).rejects.toThrow('unsafe storage key');
        await expect(storage.get(key)).rejects.toThrow('unsafe storage key');
      }
    });
  });
}

let dir: string;
let s3: S3rver;
let endpoint: string;

beforeAll(async () => {
  dir = await mkdtemp(path.join(os.tmpdir(), 'telecare-storage-'));
  s3 = new S3rver({ port: 0, address: '127.0.0.1', silent: true, directory: path.join(dir, 's3') });
  const address = await s3.run();
  endpoint = `http://127.0.0.1:${address.port}`;
  const client = new S3Client({
    region: 'ap-southeast-2',
    endpoint,
    forcePathStyle: true,
    credentials: { accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' },
  });
  await client.send(new CreateBucketCommand({ Bucket: 'telecare-files' }));
  client.destroy();
});

afterAll(async () => {
  await s3?.close();
  await rm(dir, { recursive: true, force: true });
});

behavesAsStorage('local folder storage', () => createLocalFileStorage(path.join(dir, 'local')));
behavesAsStorage('S3-compatible storage (s3rver on loopback)', () =>
  createS3FileStorage({
    bucket: 'telecare-files',
    region: 'ap-southeast-2',
    endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
  }),
);

it('makes safe names from hostile ones', () => {
  const key = newStorageKey('result-upload-working', '../../etc/passwd');
  expect(key).toMatch(/^result-upload-working\/\d+-[0-9a-f]+-etc_passwd$/);
});
