import { compositionTexts } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { AppError } from '../../errors.js';
import { composes, fillsBackground, parseColour, parseComposition } from './compose.params.js';

// The composition fields as remove.bg's clients write them, read into the engine's options.

function refusal(fields: Record<string, unknown>): string {
  try {
    parseComposition(fields);
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).message;
  }
  throw new Error(`accepted ${JSON.stringify(fields)}`);
}

const file = { bytes: Buffer.from('x'), name: 'bg.png', field: 'bg_image_file' };

describe('composition fields', () => {
  it('reads colours with alpha: 4- and 8-digit hex, with or without #, and names', () => {
    expect(parseColour('81d4fa80')).toEqual({ r: 129, g: 212, b: 250, alpha: 128 / 255 });
    expect(parseColour('#f008')).toEqual({ r: 255, g: 0, b: 0, alpha: 0x88 / 255 });
    expect(parseColour('fff')).toEqual({ r: 255, g: 255, b: 255, alpha: 1 });
    expect(parseColour('Green')).toEqual({ r: 0, g: 128, b: 0, alpha: 1 });
    expect(refusal({ bg_color: 'not-a-colour' })).toBe(compositionTexts.badColour('not-a-colour'));
  });

  it('takes one background at most, and knows which fill the image', () => {
    const colour = parseComposition({ bg_color: '0000ff' });
    expect(fillsBackground(colour.background)).toBe(true);
    expect(fillsBackground(parseComposition({ bg_color: '0000ff80' }).background)).toBe(false);
    const image = parseComposition({ bg_image_fit: 'contain' }, { bgImage: file });
    expect(image.background).toMatchObject({ kind: 'image', fit: 'contain' });
    expect(fillsBackground(image.background)).toBe(false);
    expect(parseComposition({ bg_blur: true }).background).toEqual({ kind: 'blur' });
    expect(parseComposition({ bg_image_url: 'https://example.com/a.jpg' }).background).toEqual({
      kind: 'image',
      source: { url: 'https://example.com/a.jpg' },
      fit: 'cover',
    });
    expect(refusal({ bg_color: 'red', bg_image_url: 'https://example.com/a.jpg' })).toBe(
      compositionTexts.oneBackground,
    );
    expect(refusal({ bg_blur: 'true', bg_color: 'red' })).toBe(compositionTexts.oneBackground);
    expect(refusal({ bg_image_file: 'aGVsbG8=' })).toBe(compositionTexts.bgFileNotText);
    // Empty fields are absent (remove.bg callers send every field).
    expect(
      parseComposition({ bg_color: '', bg_image_url: '', bg_blur: 'false' }).background,
    ).toEqual({ kind: 'transparent' });
  });

  it('reads scale and position as remove.bg defines them', () => {
    expect(parseComposition({ scale: '80%' }).scale).toBe(0.8);
    expect(parseComposition({ scale: 'original' }).scale).toBe('original');
    expect(parseComposition({ position: 'center' }).position).toBe('center');
    expect(parseComposition({ position: '25%' }).position).toEqual({ x: 0.25, y: 0.25 });
    expect(parseComposition({ position: '0% 100%' }).position).toEqual({ x: 0, y: 1 });
    expect(refusal({ scale: '5%' })).toBe(compositionTexts.badScale);
    expect(refusal({ scale: 'big' })).toBe(compositionTexts.badScale);
    expect(refusal({ position: '120%' })).toBe(compositionTexts.badPosition);
    expect(refusal({ position: '10% 20% 30%' })).toBe(compositionTexts.badPosition);
    expect(refusal({ position: '30' })).toBe(compositionTexts.badPosition);
  });

  it('reads roi in px and %, the whole image (however written) as none', () => {
    expect(parseComposition({ roi: '10px 20px 50% 100%' }).roi).toEqual([
      { px: 10 },
      { px: 20 },
      { percent: 50 },
      { percent: 100 },
    ]);
    // The Python client's default.
    expect(parseComposition({ roi: '0 0 100% 100%' }).roi).toBeUndefined();
    expect(parseComposition({ roi: '0% 0% 100% 100%' }).roi).toBeUndefined();
    expect(refusal({ roi: '0 0 100%' })).toBe(compositionTexts.badRoi);
    expect(refusal({ roi: 'a b c d' })).toBe(compositionTexts.badRoi);
  });

  it('reads crop_margin with 1, 2 or 4 values, each within 500 px or 50 %', () => {
    expect(parseComposition({ crop_margin: '30px' }).cropMargin).toEqual([
      { px: 30 },
      { px: 30 },
      { px: 30 },
      { px: 30 },
    ]);
    expect(parseComposition({ crop_margin: '10px 5%' }).cropMargin).toEqual([
      { px: 10 },
      { percent: 5 },
      { px: 10 },
      { percent: 5 },
    ]);
    expect(parseComposition({ crop_margin: '1px 2px 3px 4px' }).cropMargin).toEqual([
      { px: 1 },
      { px: 2 },
      { px: 3 },
      { px: 4 },
    ]);
    expect(parseComposition({ crop_margin: 0 }).cropMargin).toEqual([
      { px: 0 },
      { px: 0 },
      { px: 0 },
      { px: 0 },
    ]);
    for (const bad of ['90%', '501px', '1px 2px 3px', '10 20 30 40 50', '1.5px', 'wide']) {
      expect(refusal({ crop_margin: bad })).toBe(compositionTexts.badCropMargin);
    }
  });

  it('reads the shadow from add_shadow, shadow_type and shadow_opacity', () => {
    expect(parseComposition({}).shadow).toBeUndefined();
    expect(parseComposition({ add_shadow: true }).shadow).toBe(0.5);
    expect(parseComposition({ add_shadow: '1', shadow_opacity: '80' }).shadow).toBe(0.8);
    expect(parseComposition({ shadow_type: 'drop' })).toMatchObject({ shadow: 0.5, partly: [] });
    expect(parseComposition({ shadow_type: '3D' })).toMatchObject({
      shadow: 0.5,
      partly: ['shadow_type'],
    });
    expect(parseComposition({ shadow_type: 'none' }).shadow).toBeUndefined();
    expect(refusal({ add_shadow: true, shadow_opacity: '150' })).toBe(
      compositionTexts.badShadowOpacity,
    );
    expect(refusal({ add_shadow: 'maybe' })).toBe('add_shadow must be true or false.');
  });

  it('knows when nothing is to be composed', () => {
    expect(
      composes(parseComposition({ crop: 'false', scale: 'original', roi: '0 0 100% 100%' })),
    ).toBe(false);
    expect(composes(parseComposition({ crop: true }))).toBe(true);
    expect(composes(parseComposition({ position: '50%' }))).toBe(true);
    expect(parseComposition({ type_level: '2' }).typeLevel).toBe('2');
    expect(refusal({ type_level: '3' })).toMatch(
      /for type_level\. Allowed values: none, 1, 2, latest\./,
    );
  });
});
