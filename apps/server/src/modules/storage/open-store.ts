import type { Config } from '../../config.js';
import { LocalDiskStore, type ObjectStore } from './object-store.js';
import { S3Store } from './s3-store.js';

/** The store the configuration names: the S3 bucket when STORAGE_URL is set, else RESULTS_DIR. */
export function openObjectStore(config: Pick<Config['jobs'], 'storage' | 'resultsDir'>): {
  store: ObjectStore;
  close: () => void;
} {
  if (config.storage) {
    const s3 = new S3Store(config.storage);
    return { store: s3, close: () => s3.close() };
  }
  return { store: new LocalDiskStore(config.resultsDir), close: () => {} };
}
