import { createHash } from 'node:crypto';
import type { Readable } from 'node:stream';
import yauzl from 'yauzl';
import {
  BACKUP_FORMAT,
  BACKUP_FORMAT_VERSION,
  BackupError,
  MANIFEST_ENTRY,
  manifestSchema,
  type Manifest,
} from './archive-format.js';

// Opens a backup archive for restore and checks it whole before anything is written: a zip
// whose end is missing (a backup killed half-way, a copy cut short) does not open; an archive
// without Cutout's manifest is foreign; every entry must be listed in the manifest with its size
// and SHA-256, and match them.

export interface OpenArchive {
  manifest: Manifest;
  /** The entries the zip holds (the manifest says which it should). */
  names: readonly string[];
  stream(entry: string): Promise<Readable>;
  read(entry: string): Promise<Buffer>;
  close(): void;
}

function openZip(file: string): Promise<yauzl.ZipFile> {
  return new Promise((resolve, reject) =>
    yauzl.open(file, { lazyEntries: true, autoClose: false }, (error, zip) =>
      error || !zip ? reject(error ?? new Error('no zip')) : resolve(zip),
    ),
  );
}

function listEntries(zip: yauzl.ZipFile): Promise<Map<string, yauzl.Entry>> {
  return new Promise((resolve, reject) => {
    const entries = new Map<string, yauzl.Entry>();
    zip.on('entry', (entry: yauzl.Entry) => {
      entries.set(entry.fileName, entry);
      zip.readEntry();
    });
    zip.on('end', () => resolve(entries));
    zip.on('error', reject);
    zip.readEntry();
  });
}

export async function openArchive(file: string): Promise<OpenArchive> {
  let zip: yauzl.ZipFile;
  try {
    zip = await openZip(file);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT') throw new BackupError(`There is no file at ${file}.`);
    throw new BackupError(
      `${file} is not a complete backup archive: it does not end as a zip file ends (a backup interrupted half-way, or a copy cut short). Nothing was restored.`,
    );
  }
  try {
    const entries = await listEntries(zip);
    const stream = (entry: string) =>
      new Promise<Readable>((resolve, reject) => {
        const found = entries.get(entry);
        if (!found) return reject(new BackupError(`The archive has no entry ${entry}.`));
        zip.openReadStream(found, (error, readable) =>
          error || !readable ? reject(error ?? new Error('no stream')) : resolve(readable),
        );
      });
    const read = async (entry: string) => {
      const chunks: Buffer[] = [];
      await eachChunk(await stream(entry), (chunk) => chunks.push(chunk));
      return Buffer.concat(chunks);
    };
    if (!entries.has(MANIFEST_ENTRY)) {
      throw new BackupError(
        `${file} is not a Cutout backup: it has no ${MANIFEST_ENTRY}. Nothing was restored.`,
      );
    }
    let raw: unknown;
    try {
      raw = JSON.parse((await read(MANIFEST_ENTRY)).toString('utf8'));
    } catch {
      throw new BackupError(`${file} is not a Cutout backup: its manifest is not JSON.`);
    }
    const format = (raw as { format?: unknown } | null)?.format;
    const version = (raw as { formatVersion?: unknown } | null)?.formatVersion;
    if (format !== BACKUP_FORMAT) {
      throw new BackupError(`${file} is not a Cutout backup (its manifest is another program's).`);
    }
    if (typeof version === 'number' && version > BACKUP_FORMAT_VERSION) {
      throw new BackupError(
        `${file} was written by a newer Cutout (backup format ${version}; this one reads up to ${BACKUP_FORMAT_VERSION}). Upgrade Cutout first.`,
      );
    }
    const parsed = manifestSchema.safeParse(raw);
    if (!parsed.success) {
      throw new BackupError(`${file} is not a Cutout backup: its manifest is incomplete.`);
    }
    const manifest = parsed.data;
    return {
      manifest,
      names: [...entries.keys()],
      stream,
      read,
      close: () => zip.close(),
    };
  } catch (error) {
    zip.close();
    throw error;
  }
}

/**
 * Every entry present, listed and matching its size and SHA-256; nothing else in the zip.
 * Throws a BackupError naming the first entry that does not.
 */
export async function verifyArchive(archive: OpenArchive): Promise<void> {
  const listed = archive.manifest.entries;
  const present = new Set(archive.names);
  for (const name of present) {
    if (name !== MANIFEST_ENTRY && !(name in listed)) {
      throw new BackupError(
        `The archive holds ${name}, which its manifest does not list: it is not as the backup wrote it. Nothing was restored.`,
      );
    }
  }
  for (const [name, expected] of Object.entries(listed)) {
    if (!present.has(name)) {
      throw new BackupError(
        `The archive is missing ${name}, which its manifest lists. Nothing was restored.`,
      );
    }
    const hash = createHash('sha256');
    let size = 0;
    await eachChunk(await archive.stream(name), (chunk) => {
      hash.update(chunk);
      size += chunk.length;
    });
    if (size !== expected.size || hash.digest('hex') !== expected.sha256) {
      throw new BackupError(
        `The archive is damaged: ${name} does not match its checksum in the manifest. Nothing was restored.`,
      );
    }
  }
}

/**
 * Reads a stream to its end through 'data' events. Not `for await`: yauzl's streams of stored
 * (uncompressed) entries never end under an async iterator (yauzl 3.2), while their events do.
 */
export function eachChunk(stream: Readable, onChunk: (chunk: Buffer) => void): Promise<void> {
  return new Promise((resolve, reject) => {
    stream.on('data', (chunk: Buffer) => onChunk(chunk));
    stream.on('end', resolve);
    stream.on('error', reject);
  });
}
