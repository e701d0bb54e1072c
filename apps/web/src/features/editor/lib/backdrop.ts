import type { BackgroundFitName, ExportFormat } from '@cutout/contracts';

// What the backgrounds panel has chosen, as the export's request fields (the public API's, read
// by the same parser on the server), and the live preview's arithmetic. The preview is CSS;
// the exported pixels are the engine's (decision 0190).

export type Backdrop =
  | { kind: 'transparent' }
  | { kind: 'color'; color: string }
  | { kind: 'blur' }
  | { kind: 'image'; file: File | null; fit: BackgroundFitName };

export type BackdropKind = Backdrop['kind'];

export interface CompositionChoice {
  backdrop: Backdrop;
  shadow: boolean;
  format: ExportFormat;
}

/** The export's body: multipart when an image goes with it, JSON otherwise. */
export function exportBody(choice: CompositionChoice): FormData | Record<string, string | boolean> {
  const fields: Record<string, string | boolean> = { format: choice.format };
  if (choice.shadow) fields.add_shadow = true;
  const { backdrop } = choice;
  if (backdrop.kind === 'color') fields.bg_color = backdrop.color;
  if (backdrop.kind === 'blur') fields.bg_blur = true;
  if (backdrop.kind !== 'image' || !backdrop.file) return fields;
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, String(value));
  form.append('bg_image_fit', backdrop.fit);
  form.append('bg_image_file', backdrop.file, backdrop.file.name);
  return form;
}

/** The name in Content-Disposition (RFC 6266's UTF-8 form first), or the fallback. */
export function fileNameFrom(disposition: string | null, fallback: string): string {
  if (!disposition) return fallback;
  const utf8 = /filename\*=UTF-8''([^;]+)/i.exec(disposition);
  if (utf8?.[1]) {
    try {
      return decodeURIComponent(utf8[1]);
    } catch {
      // Fall through to the plain name.
    }
  }
  const plain = /filename="([^"]+)"/i.exec(disposition);
  return plain?.[1] ?? fallback;
}

/** The subject's box as fractions of the image (alpha above 10, as the engine counts it). */
export interface Box {
  left: number;
  top: number;
  width: number;
  height: number;
}

export function subjectBoxOf(rgba: ArrayLike<number>, width: number, height: number): Box | null {
  let minX = width;
  let minY = height;
  let maxX = -1;
  let maxY = -1;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      if (rgba[(y * width + x) * 4 + 3]! > 10) {
        if (x < minX) minX = x;
        if (x > maxX) maxX = x;
        if (y < minY) minY = y;
        maxY = y;
      }
    }
  }
  if (maxX < 0) return null;
  return {
    left: minX / width,
    top: minY / height,
    width: (maxX - minX + 1) / width,
    height: (maxY - minY + 1) / height,
  };
}

/**
 * The preview's drop shadow as a CSS filter in container units (1cqw = 1% of the preview's
 * width), sized like the engine's: offset 1.2% and 3% of the subject's longer side, softness
 * (sigma) 2% — CSS's blur radius is twice the sigma.
 */
export function shadowFilter(box: Box, aspect: number, opacity = 0.5): string {
  const side = Math.max(box.width * 100, box.height * 100 * (1 / aspect));
  const cq = (fraction: number) => `${(side * fraction).toFixed(3)}cqw`;
  return `drop-shadow(${cq(0.012)} ${cq(0.03)} ${cq(0.04)} rgba(0, 0, 0, ${opacity}))`;
}

/** The preview's blur of the original: 2% of the image's longer side, as the engine's default. */
export function blurFilter(aspect: number): string {
  const longer = 100 * Math.max(1, 1 / aspect);
  return `blur(${(longer * 0.02).toFixed(3)}cqw)`;
}
