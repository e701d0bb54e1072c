import type { Readable } from 'node:stream';
import { batchFolderName, batchZipEntry, jobVariants } from '@cutout/contracts';
import { ZipFile } from 'yazl';
import { versionKey } from '../jobs/result-files.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { ZipEntry } from './batches.service.js';

// The batch download (spec §4): one folder per image holding {name}_refined.png,
// {name}_white_bg.png and {name}_transparent_bg.png (the editor's names), streamed from the stored results with
// yazl (docs/decisions/0076). Each file is opened only when the zip reaches it, so one file is
// open at a time and memory stays flat whatever the batch's size. PNGs are already compressed:
// they are stored, not deflated again, which costs no CPU and almost no size. The account
// export (decision 0270) writes its images with the same functions.

const never = undefined as never;

/**
 * Gives each image its zip folder: its safe original name without the extension, `cat (2)` for
 * a second `cat.jpg` (case-insensitively, as some systems compare names).
 */
export function uniqueFolders(): (originalName: string) => string {
  const taken = new Set<string>();
  return (originalName) => {
    // Safe on every system: no control or bidi characters, no reserved Windows names.
    const base = batchFolderName(originalName);
    let folder = base;
    for (let n = 2; taken.has(folder.toLowerCase()); n++) folder = `${base} (${n})`;
    taken.add(folder.toLowerCase());
    return folder;
  };
}

/** Adds a stored object at `name`, opened only when the zip reaches it; gone: the zip fails. */
export function addStoredFile(
  zip: ZipFile,
  store: ObjectStore,
  key: string,
  name: string,
  mtime: Date,
): void {
  zip.addReadStreamLazy(name, { compress: false, mtime }, (callback) => {
    store.open(key).then(
      (stored) => {
        if (stored) callback(null, stored.stream);
        else callback(new Error(`stored file ${key} is gone`), never);
      },
      (error: unknown) => callback(error, never),
    );
  });
}

/** Adds each entry's three results under `prefix` + its folder. */
export function addResultFolders(
  zip: ZipFile,
  store: ObjectStore,
  entries: readonly ZipEntry[],
  mtime: Date,
  prefix = '',
): void {
  for (const entry of entries) {
    for (const variant of jobVariants) {
      addStoredFile(
        zip,
        store,
        versionKey(entry.jobId, entry.resultVersion, variant),
        `${prefix}${batchZipEntry(entry.folder, variant)}`,
        mtime,
      );
    }
  }
}

/** Ends the zip and gives its stream; a file yazl could not read fails the stream. */
export function finishZip(zip: ZipFile): Readable {
  const output = zip.outputStream as Readable;
  // yazl reports a file it could not read on the ZipFile: end the download with it, so the
  // browser sees a failed transfer rather than a zip that looks whole.
  zip.on('error', (error: Error) => output.destroy(error));
  zip.end();
  return output;
}

export function batchZip(store: ObjectStore, entries: readonly ZipEntry[], mtime: Date): Readable {
  const zip = new ZipFile();
  addResultFolders(zip, store, entries, mtime);
  return finishZip(zip);
}
