import { samplesApiPaths, type SampleImage } from '@cutout/contracts';
import sharp from 'sharp';
import { LocalDiskStore } from '../storage/object-store.js';
import {
  SAMPLES_VERSION,
  renderSample,
  sampleIds,
  sampleNames,
  type SampleId,
} from './render-samples.js';

// The sample images are rendered once into DATA_DIR/samples/v{N}/ and served from memory (four
// JPEGs of ~200 KB and their thumbnails). A new drawing version renders into a new directory,
// so a stale picture is never served.

export interface SampleFile {
  bytes: Buffer;
  type: string;
  /** The name the processing service builds download names from (`{base}_{variant}.png`). */
  fileName: string;
}

export interface SampleCatalog {
  list(): SampleImage[];
  get(id: string): SampleFile | undefined;
  thumbnail(id: string): SampleFile | undefined;
}

interface Entry {
  image: SampleImage;
  full: SampleFile;
  thumb: SampleFile;
}

async function loadSample(store: LocalDiskStore, version: string, id: SampleId): Promise<Entry> {
  const imageFile = `${version}/${id}.jpg`;
  const thumbFile = `${version}/${id}.thumb.webp`;
  let [jpeg, thumbnail] = await Promise.all([store.read(imageFile), store.read(thumbFile)]);
  if (!jpeg || !thumbnail) {
    const rendered = await renderSample(id);
    jpeg = rendered.jpeg;
    thumbnail = rendered.thumbnail;
    // Written to a temporary name and renamed by the store: a reader never sees half a file.
    await Promise.all([store.put(imageFile, jpeg), store.put(thumbFile, thumbnail)]);
  }
  const { width, height } = await sharp(jpeg).metadata();
  return {
    image: {
      id,
      name: sampleNames[id],
      url: samplesApiPaths.image(id),
      thumbnail: samplesApiPaths.thumbnail(id),
      width,
      height,
    },
    full: { bytes: jpeg, type: 'image/jpeg', fileName: `${id}.jpg` },
    thumb: { bytes: thumbnail, type: 'image/webp', fileName: `${id}.webp` },
  };
}

/**
 * Loads the samples from `dir` (DATA_DIR/samples), rendering the ones not there yet into
 * `dir/v{SAMPLES_VERSION}`.
 */
export async function createSampleCatalog(dir: string): Promise<SampleCatalog> {
  const store = new LocalDiskStore(dir);
  const version = `v${SAMPLES_VERSION}`;
  const entries = await Promise.all(sampleIds.map((id) => loadSample(store, version, id)));
  const byId = new Map<string, Entry>(entries.map((entry) => [entry.image.id, entry]));
  return {
    list: () => entries.map((entry) => ({ ...entry.image })),
    get: (id) => byId.get(id)?.full,
    thumbnail: (id) => byId.get(id)?.thumb,
  };
}
