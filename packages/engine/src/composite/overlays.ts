import sharp from 'sharp';
import type { Region } from '../pipeline/encode.js';
import { intersectRegion, type ShadowGeometry } from './geometry.js';
import { rawOf, toRaw, type Raw } from './raw-image.js';

// The layers over the background: the subject, or its drop shadow, clipped to the frame.

export interface Overlay {
  input: Buffer;
  raw: { width: number; height: number; channels: 4 };
  left: number;
  top: number;
}

/** Clips an RGBA layer placed at `at` (canvas coordinates) to the frame; undefined if outside. */
export async function clipped(layer: Raw, at: Region, frame: Region): Promise<Overlay | undefined> {
  const visible = intersectRegion(at, frame);
  if (!visible) return undefined;
  let data = layer.data;
  if (visible.width !== at.width || visible.height !== at.height) {
    data = (
      await toRaw(
        sharp(layer.data, rawOf(layer)).extract({
          left: visible.left - at.left,
          top: visible.top - at.top,
          width: visible.width,
          height: visible.height,
        }),
      )
    ).data;
  }
  return {
    input: data,
    raw: { width: visible.width, height: visible.height, channels: 4 },
    left: visible.left - frame.left,
    top: visible.top - frame.top,
  };
}

/** The subject's alpha, padded, blurred (at a reduced scale) and dimmed, as black RGBA. */
export async function shadowLayer(
  subject: Raw,
  geometry: ShadowGeometry,
  opacity: number,
): Promise<Raw> {
  const pad = geometry.reach;
  const width = subject.width + 2 * pad;
  const height = subject.height + 2 * pad;
  const k = Math.max(1, geometry.sigma / 3);
  const sw = Math.max(1, Math.round(width / k));
  const sh = Math.max(1, Math.round(height / k));
  // The alpha plane with `pad` empty pixels around it, copied row by row.
  const alpha = Buffer.alloc(width * height);
  for (let y = 0; y < subject.height; y++) {
    const from = y * subject.width * 4;
    const to = (y + pad) * width + pad;
    for (let x = 0; x < subject.width; x++) alpha[to + x] = subject.data[from + x * 4 + 3]!;
  }
  const small = await toRaw(
    sharp(alpha, { raw: { width, height, channels: 1 } })
      .resize(sw, sh, { fit: 'fill' })
      .blur(Math.max(0.3, geometry.sigma / k))
      // One band in, one band out: libvips would otherwise hand back sRGB.
      .toColourspace('b-w'),
  );
  const soft = await toRaw(
    sharp(small.data, rawOf(small))
      .resize(width, height, { fit: 'fill' })
      .linear(opacity, 0)
      .toColourspace('b-w'),
  );
  const rgba = await toRaw(
    sharp({ create: { width, height, channels: 3, background: { r: 0, g: 0, b: 0 } } }).joinChannel(
      soft.data,
      { raw: { width, height, channels: 1 } },
    ),
  );
  return rgba;
}
