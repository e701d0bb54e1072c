import { randomUUID } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { mkdir, readFile, readdir, rename, rm, stat, writeFile } from 'node:fs/promises';
import path from 'node:path';
import type { Readable } from 'node:stream';

// Where originals and results live. The server only talks to this interface, so an
// S3-compatible bucket can replace the local directory without touching the jobs module
// (ARCHITECTURE.md "Outside services"). Keys are `{jobId}/{name}`.

export interface StoredObject {
  stream: Readable;
  size: number;
}

export interface ObjectStore {
  put(key: string, data: Uint8Array): Promise<void>;
  read(key: string): Promise<Buffer | undefined>;
  open(key: string): Promise<StoredObject | undefined>;
  /** Deletes every object under `prefix/`. Deleting what is not there is not an error. */
  deletePrefix(prefix: string): Promise<void>;
  /** The prefixes (job ids) present, for sweeping what the database no longer knows. */
  listPrefixes(): Promise<string[]>;
  /** The keys under `prefix/` (`prefix/name`), for backups (decision 0268). */
  listKeys(prefix: string): Promise<string[]>;
}

const KEY = /^[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_.-]+)?$/;

export function checkKey(key: string): void {
  if (!KEY.test(key) || key.includes('..')) throw new Error(`Invalid storage key: ${key}`);
}

/** A directory on local disk (the default: DATA_DIR/results). */
export class LocalDiskStore implements ObjectStore {
  constructor(readonly root: string) {}

  private file(key: string): string {
    checkKey(key);
    return path.join(this.root, key);
  }

  async put(key: string, data: Uint8Array): Promise<void> {
    const target = this.file(key);
    // Private: the users' photos (decision 0136).
    await mkdir(path.dirname(target), { recursive: true, mode: 0o700 });
    // Write then rename: a reader never sees half a file, a crash leaves only a temp file.
    const temp = `${target}.${randomUUID()}.tmp`;
    await writeFile(temp, data, { mode: 0o600 });
    await rename(temp, target);
  }

  async read(key: string): Promise<Buffer | undefined> {
    try {
      return await readFile(this.file(key));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async open(key: string): Promise<StoredObject | undefined> {
    const file = this.file(key);
    try {
      const info = await stat(file);
      return { stream: createReadStream(file), size: info.size };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async deletePrefix(prefix: string): Promise<void> {
    checkKey(prefix);
    await rm(path.join(this.root, prefix), { recursive: true, force: true });
  }

  async listPrefixes(): Promise<string[]> {
    try {
      const entries = await readdir(this.root, { withFileTypes: true });
      return entries.filter((e) => e.isDirectory()).map((e) => e.name);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }

  async listKeys(prefix: string): Promise<string[]> {
    checkKey(prefix);
    try {
      const entries = await readdir(path.join(this.root, prefix), { withFileTypes: true });
      // Temp files of a write still under way are not objects yet.
      return entries
        .filter((e) => e.isFile() && !e.name.endsWith('.tmp'))
        .map((e) => `${prefix}/${e.name}`);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
      throw error;
    }
  }
}
