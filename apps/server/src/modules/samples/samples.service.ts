import { randomUUID } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { jobPaths, type SampleImage } from '@cutout/contracts';
import sharp from 'sharp';
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

export const sampleImagePath = (id: string) =>
  `${jobPaths.samples}/${encodeURIComponent(id)}/image`;
export const sampleThumbnailPath = (id: string) =>
  `${jobPaths.samples}/${encodeURIComponent(id)}/thumbnail`;

async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Written under a unique name and renamed, so a reader never sees half a file. */
async function writeAtomically(file: string, bytes: Buffer): Promise<void> {
  const temp = `${file}.${randomUUID()}.tmp`;
  try {
    await writeFile(temp, bytes);
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
}

async function loadSample(dir: string, id: SampleId): Promise<Entry> {
  const imageFile = path.join(dir, `${id}.jpg`);
  const thumbFile = path.join(dir, `${id}.thumb.webp`);
  let [jpeg, thumbnail] = await Promise.all([readIfPresent(imageFile), readIfPresent(thumbFile)]);
  if (!jpeg || !thumbnail) {
    const rendered = await renderSample(id);
    jpeg = rendered.jpeg;
    thumbnail = rendered.thumbnail;
    await Promise.all([writeAtomically(imageFile, jpeg), writeAtomically(thumbFile, thumbnail)]);
  }
  const { width, height } = await sharp(jpeg).metadata();
  return {
    image: {
      id,
      name: sampleNames[id],
      url: sampleImagePath(id),
      thumbnail: sampleThumbnailPath(id),
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
  const versionDir = path.join(dir, `v${SAMPLES_VERSION}`);
  await mkdir(versionDir, { recursive: true });
  const entries = await Promise.all(sampleIds.map((id) => loadSample(versionDir, id)));
  const byId = new Map<string, Entry>(entries.map((entry) => [entry.image.id, entry]));
  return {
    list: () => entries.map((entry) => ({ ...entry.image })),
    get: (id) => byId.get(id)?.full,
    thumbnail: (id) => byId.get(id)?.thumb,
  };
}
