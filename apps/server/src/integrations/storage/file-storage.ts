import { randomBytes } from 'node:crypto';
import type { Readable } from 'node:stream';

/**
 * Where files live (AA §7: "file storage folders referral-upload-working, result-upload-working and
 * report-upload-working, named with a unix-timestamp prefix"). Keys are made by `newStorageKey`
 * only, never taken from a request.
 */
export type FileStorage = {
  put(key: string, body: Buffer, contentType: string): Promise<void>;
  /** The file as a stream; undefined when there is none. */
  get(key: string): Promise<Readable | undefined>;
  delete(key: string): Promise<void>;
  exists(key: string): Promise<boolean>;
};

export const STORAGE_FOLDERS = [
  'referral-upload-working',
  'result-upload-working',
  'report-upload-working',
] as const;
export type StorageFolder = (typeof STORAGE_FOLDERS)[number];

const KEY_PATTERN = /^[a-z0-9-]+(\/[a-z0-9-]+)*\/[A-Za-z0-9][A-Za-z0-9._-]{0,200}$/;

/** A key the storage accepts: lower-case folders, one safe file name, no `..`, nothing absolute. */
export function assertSafeKey(key: string) {
  if (!KEY_PATTERN.test(key) || key.includes('..')) throw new Error('unsafe storage key');
}

/** The stored name's safe part: letters, digits, dot, dash and underscore only, at most 100 characters. */
export function safeFileName(name: string) {
  const cleaned = name.replace(/[^A-Za-z0-9._-]+/g, '_').replace(/^[._-]+/, '');
  return (cleaned || 'file').slice(-100);
}

/** `<folder>/<unix-timestamp>-<random>-<safe name>`: unique, sortable by arrival, never user-chosen. */
export function newStorageKey(folder: StorageFolder, fileName: string, now = new Date()) {
  const seconds = Math.floor(now.getTime() / 1000);
  const key = `${folder}/${seconds}-${randomBytes(6).toString('hex')}-${safeFileName(fileName)}`;
  assertSafeKey(key);
  return key;
}

export async function readAll(stream: Readable) {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks);
}
