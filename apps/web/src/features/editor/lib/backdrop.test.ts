import { describe, expect, it } from 'vitest';
import { blurFilter, exportBody, fileNameFrom, shadowFilter, subjectBoxOf } from './backdrop';

describe('backdrop', () => {
  it('sends JSON fields for a colour, the blur and the shadow, and a form with an image', () => {
    expect(
      exportBody({ backdrop: { kind: 'color', color: '#81d4fa' }, shadow: true, format: 'jpg' }),
    ).toEqual({ format: 'jpg', add_shadow: true, bg_color: '#81d4fa' });
    expect(exportBody({ backdrop: { kind: 'blur' }, shadow: false, format: 'png' })).toEqual({
      format: 'png',
      bg_blur: true,
    });
    expect(
      exportBody({ backdrop: { kind: 'transparent' }, shadow: false, format: 'webp' }),
    ).toEqual({ format: 'webp' });
    const file = new File([new Uint8Array([1, 2, 3])], 'wall.png', { type: 'image/png' });
    const form = exportBody({
      backdrop: { kind: 'image', file, fit: 'contain' },
      shadow: true,
      format: 'png',
    });
    expect(form).toBeInstanceOf(FormData);
    const fields = form as FormData;
    expect(fields.get('bg_image_fit')).toBe('contain');
    expect(fields.get('add_shadow')).toBe('true');
    expect((fields.get('bg_image_file') as File).name).toBe('wall.png');
  });

  it('reads the download name from Content-Disposition, UTF-8 first', () => {
    expect(
      fileNameFrom(
        `attachment; filename="caf_ photo_background.png"; filename*=UTF-8''caf%C3%A9%20photo_background.png`,
        'x.png',
      ),
    ).toBe('café photo_background.png');
    expect(fileNameFrom('attachment; filename="a_background.jpg"', 'x.jpg')).toBe(
      'a_background.jpg',
    );
    expect(fileNameFrom(null, 'x.webp')).toBe('x.webp');
  });

  it('finds the subject box above alpha 10 as fractions', () => {
    const w = 10;
    const h = 5;
    const rgba = new Uint8ClampedArray(w * h * 4);
    rgba[(1 * w + 2) * 4 + 3] = 200;
    rgba[(3 * w + 6) * 4 + 3] = 11;
    rgba[(4 * w + 9) * 4 + 3] = 10;
    expect(subjectBoxOf(rgba, w, h)).toEqual({ left: 0.2, top: 0.2, width: 0.5, height: 0.6 });
    expect(subjectBoxOf(new Uint8ClampedArray(w * h * 4), w, h)).toBeNull();
  });

  it('sizes the preview shadow and blur like the engine, in container units', () => {
    // A subject half the width of a 2:1 image: its longer side is 50cqw.
    expect(shadowFilter({ left: 0, top: 0, width: 0.5, height: 0.5 }, 2)).toBe(
      'drop-shadow(0.600cqw 1.500cqw 2.000cqw rgba(0, 0, 0, 0.5))',
    );
    // A tall image (1:2): its longer side is 200cqw, the blur 2% of it.
    expect(blurFilter(0.5)).toBe('blur(4.000cqw)');
    expect(blurFilter(2)).toBe('blur(2.000cqw)');
  });
});
