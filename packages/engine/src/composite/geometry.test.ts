import { describe, expect, it } from 'vitest';
import {
  cropFrame,
  expandMargins,
  placeSubject,
  roiRegion,
  shadowBox,
  shadowGeometry,
  subjectBox,
  unionRegion,
} from './geometry.js';

const canvas = { width: 1000, height: 500 };
const px = (n: number) => ({ px: n });
const pc = (n: number) => ({ percent: n });

describe('composition geometry', () => {
  it('finds the subject box above the alpha threshold, in a plane or interleaved RGBA', () => {
    const w = 8;
    const h = 6;
    const plane = new Uint8Array(w * h);
    plane[1 * w + 2] = 200;
    plane[4 * w + 5] = 11;
    plane[5 * w + 7] = 10; // at the threshold: not subject
    expect(subjectBox(plane, w, h)).toEqual({ left: 2, top: 1, width: 4, height: 4 });
    const rgba = new Uint8Array(w * h * 4);
    plane.forEach((a, i) => (rgba[i * 4 + 3] = a));
    expect(subjectBox(rgba, w, h, 4, 3)).toEqual({ left: 2, top: 1, width: 4, height: 4 });
    expect(subjectBox(new Uint8Array(w * h), w, h)).toBeUndefined();
  });

  it('maps roi corners in px or % onto the canvas, in either order, clipped', () => {
    expect(roiRegion([pc(10), pc(20), pc(50), pc(100)], canvas)).toEqual({
      left: 100,
      top: 100,
      width: 400,
      height: 400,
    });
    // Corners swapped, one beyond the image.
    expect(roiRegion([px(600), px(450), px(-5), px(1200)], canvas)).toEqual({
      left: 0,
      top: 450,
      width: 600,
      height: 50,
    });
    // Pixels of the uploaded image (2000×1000) on a half-size cut-out.
    expect(
      roiRegion([px(200), px(100), px(1000), pc(50)], canvas, { width: 2000, height: 1000 }),
    ).toEqual({ left: 100, top: 50, width: 400, height: 200 });
  });

  it('leaves the subject where it is with scale and position original', () => {
    const box = { left: 300, top: 100, width: 200, height: 250 };
    expect(placeSubject(box, canvas)).toEqual(box);
    expect(placeSubject(box, canvas, 'original', 'original')).toEqual(box);
  });

  it('scales the subject to fit the given share of the canvas on its tighter axis, centred by default', () => {
    const box = { left: 0, top: 0, width: 200, height: 100 };
    // 1000×500 canvas: a 2:1 box at 50% fits as 500×250, centred.
    expect(placeSubject(box, canvas, 0.5)).toEqual({
      left: 250,
      top: 125,
      width: 500,
      height: 250,
    });
    // A tall box is bound by the height: 80% of 500 = 400 high.
    const tall = { left: 900, top: 0, width: 50, height: 200 };
    expect(placeSubject(tall, canvas, 0.8)).toEqual({
      left: 450,
      top: 50,
      width: 100,
      height: 400,
    });
    // 100% touches the canvas on the tighter axis.
    expect(placeSubject(box, canvas, 1)).toEqual({ left: 0, top: 0, width: 1000, height: 500 });
  });

  it('positions by percentages of the free room, like CSS background-position', () => {
    const box = { left: 450, top: 200, width: 100, height: 100 };
    expect(placeSubject(box, canvas, 'original', { x: 0, y: 0 })).toMatchObject({
      left: 0,
      top: 0,
    });
    expect(placeSubject(box, canvas, 'original', { x: 1, y: 1 })).toMatchObject({
      left: 900,
      top: 400,
    });
    expect(placeSubject(box, canvas, 'original', { x: 0.25, y: 0.5 })).toMatchObject({
      left: 225,
      top: 200,
    });
    expect(placeSubject(box, canvas, 'original', 'center')).toMatchObject({ left: 450, top: 200 });
    // 'original' with a scale keeps the box's own fraction of the free room.
    const corner = { left: 900, top: 0, width: 100, height: 100 };
    expect(placeSubject(corner, canvas, 0.5, 'original')).toEqual({
      left: 750,
      top: 0,
      width: 250,
      height: 250,
    });
  });

  it('expands one, two or four margins the way CSS does', () => {
    expect(expandMargins([px(5)])).toEqual([px(5), px(5), px(5), px(5)]);
    expect(expandMargins([px(5), pc(10)])).toEqual([px(5), pc(10), px(5), pc(10)]);
    expect(expandMargins([px(1), px(2), px(3), px(4)])).toEqual([px(1), px(2), px(3), px(4)]);
    expect(() => expandMargins([px(1), px(2), px(3)])).toThrow(RangeError);
  });

  it('crops to the content plus margins, percentages of the subject, reaching past the canvas', () => {
    const subject = { left: 10, top: 20, width: 200, height: 100 };
    expect(cropFrame(subject, subject, undefined)).toEqual(subject);
    // top 10px, right 10% of 200, bottom 20px, left 50% of 200.
    expect(cropFrame(subject, subject, [px(10), pc(10), px(20), pc(50)])).toEqual({
      left: -90,
      top: 10,
      width: 200 + 20 + 100,
      height: 100 + 10 + 20,
    });
  });

  it('sizes the shadow by the subject and crops around it too', () => {
    const placed = { left: 100, top: 100, width: 400, height: 200 };
    const shadow = shadowGeometry(placed);
    expect(shadow.dy).toBeGreaterThan(shadow.dx);
    expect(shadow.dx).toBeGreaterThan(0);
    expect(shadow.sigma).toBeCloseTo(8);
    const reach = shadowBox(placed, shadow);
    const content = unionRegion(placed, reach);
    expect(content.left).toBe(100 + shadow.dx - shadow.reach);
    expect(content.top + content.height).toBe(300 + shadow.dy + shadow.reach);
  });
});
