import type { Readable } from 'node:stream';
import { batchZipEntry, jobVariants } from '@cutout/contracts';
import { ZipFile } from 'yazl';
import { versionKey } from '../jobs/result-files.js';
import type { ObjectStore } from '../storage/object-store.js';
import type { ZipEntry } from './batches.service.js';

// The batch download (spec §4): one folder per image holding {name}_refined.png,
// {name}_white_bg.png and {name}_transparent_bg.png (the editor's names), streamed from the stored results with
// yazl (docs/decisions/0076). Each file is opened only when the zip reaches it, so one file is
// open at a time and memory stays flat whatever the batch's size. PNGs are already compressed:
// they are stored, not deflated again, which costs no CPU and almost no size.

const never = undefined as never;

export function batchZip(store: ObjectStore, entries: readonly ZipEntry[], mtime: Date): Readable {
  const zip = new ZipFile();
  for (const entry of entries) {
    for (const variant of jobVariants) {
      zip.addReadStreamLazy(
        batchZipEntry(entry.folder, variant),
        { compress: false, mtime },
        (callback) => {
          store.open(versionKey(entry.jobId, entry.resultVersion, variant)).then(
            (stored) => {
              if (stored) callback(null, stored.stream);
              else callback(new Error(`stored result ${entry.jobId}/${variant} is gone`), never);
            },
            (error: unknown) => callback(error, never),
          );
        },
      );
    }
  }
  const output = zip.outputStream as Readable;
  // yazl reports a file it could not read on the ZipFile: end the download with it, so the
  // browser sees a failed transfer rather than a zip that looks whole.
  zip.on('error', (error: Error) => output.destroy(error));
  zip.end();
  return output;
}
