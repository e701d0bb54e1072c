import { createHash, randomBytes } from 'node:crypto';
import { mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { InvalidOptionsError, ModelChecksumError, ModelDownloadError } from '../errors.js';

export function defaultCacheDir(): string {
  return join(homedir(), '.cache', 'cutout', 'models');
}

const LOOPBACK_HOSTS = new Set(['127.0.0.1', 'localhost', '[::1]', '::1']);

function checkUrl(raw: string, allowInsecureLoopback: boolean): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new InvalidOptionsError(`The model URL "${raw}" is not a valid URL.`);
  }
  if (url.protocol === 'https:') return url;
  if (url.protocol === 'http:' && allowInsecureLoopback && LOOPBACK_HOSTS.has(url.hostname)) {
    return url;
  }
  throw new InvalidOptionsError(
    `The model URL must use https (got ${url.protocol.replace(':', '')}: ${url.href}).`,
  );
}

export function sha256Hex(data: Uint8Array): string {
  return createHash('sha256').update(data).digest('hex');
}

/**
 * Downloads a model once into the cache and returns its path. The file is named after the
 * expected sha256 (or the URL's hash when none is given) so a changed checksum never reuses a
 * stale file; it is written to a temporary name and renamed, so a crash mid-download leaves no
 * half file behind.
 */
export async function downloadModel(options: {
  url: string;
  sha256?: string;
  cacheDir?: string;
  allowInsecureLoopback?: boolean;
  timeoutMs?: number;
}): Promise<string> {
  const url = checkUrl(options.url, options.allowInsecureLoopback ?? false);
  const expected = options.sha256?.toLowerCase();
  const cacheDir = options.cacheDir ?? defaultCacheDir();
  const key = expected ?? `url-${createHash('sha256').update(url.href).digest('hex')}`;
  const target = join(cacheDir, `${key}.onnx`);

  try {
    const cached = await readFile(target);
    if (!expected || sha256Hex(cached) === expected) return target;
  } catch {
    // Not cached yet.
  }

  let body: Uint8Array;
  try {
    const response = await fetch(url, {
      redirect: 'follow',
      signal: AbortSignal.timeout(options.timeoutMs ?? 10 * 60_000),
    });
    if (!response.ok) {
      throw new ModelDownloadError(
        `Could not download the model from ${url.href}: the server answered ${response.status} ${response.statusText}.`,
      );
    }
    body = new Uint8Array(await response.arrayBuffer());
  } catch (cause) {
    if (cause instanceof ModelDownloadError) throw cause;
    const reason =
      (cause as Error & { cause?: { code?: string } }).cause?.code ?? (cause as Error).message;
    throw new ModelDownloadError(
      `Could not download the model from ${url.href} (${reason}). Check the network connection ` +
        `(this machine may be offline) or place the file in ${cacheDir} and configure it by path.`,
      { cause },
    );
  }

  if (expected) {
    const actual = sha256Hex(body);
    if (actual !== expected) {
      throw new ModelChecksumError(
        `The model downloaded from ${url.href} has sha256 ${actual}, but ${expected} was expected; the file was not used.`,
      );
    }
  }

  // Private to the account the server runs as, like everything in its data directory.
  await mkdir(cacheDir, { recursive: true, mode: 0o700 });
  const temp = `${target}.${randomBytes(6).toString('hex')}.part`;
  try {
    await writeFile(temp, body, { mode: 0o600 });
    await rename(temp, target);
  } finally {
    await rm(temp, { force: true });
  }
  return target;
}
