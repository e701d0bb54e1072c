import { describe, expect, it } from 'vitest';
import {
  boundsOf,
  clampBrush,
  commit,
  emptyHistory,
  fitView,
  redo,
  undo,
  zoomAt,
  type Stroke,
} from './brush';

const erase: Stroke = { mode: 'erase', size: 10, points: [0, 0, 5, 5] };
const restore: Stroke = { mode: 'restore', size: 4, points: [1, 1] };

describe('the brush history', () => {
  it('undoes and redoes strokes in order, and a new stroke clears what was undone', () => {
    let h = commit(commit(emptyHistory, erase), restore);
    expect(h.done).toEqual([erase, restore]);
    h = undo(h);
    expect(h).toEqual({ done: [erase], undone: [restore] });
    h = redo(h);
    expect(h).toEqual({ done: [erase, restore], undone: [] });
    h = undo(undo(h));
    expect(h.done).toEqual([]);
    expect(undo(h)).toBe(h);
    h = commit(h, restore);
    expect(h).toEqual({ done: [restore], undone: [] });
    expect(redo(h)).toBe(h);
  });
});

describe('the brush geometry', () => {
  it('keeps sizes within limits and bounds a stroke by its brush, clipped to the image', () => {
    expect(clampBrush(0)).toBe(2);
    expect(clampBrush(1000)).toBe(400);
    expect(boundsOf([10, 10, 20, 10], 4, 100, 100)).toEqual({ x: 6, y: 6, width: 18, height: 8 });
    expect(boundsOf([0, 0], 10, 100, 100)).toEqual({ x: 0, y: 0, width: 7, height: 7 });
    expect(boundsOf([], 10, 100, 100)).toBeNull();
  });

  it('fits the image in the view and zooms around the pointer', () => {
    expect(fitView(2000, 1000, 500, 500)).toEqual({ scale: 0.25, x: 0, y: 125 });
    expect(fitView(100, 100, 500, 400)).toEqual({ scale: 1, x: 200, y: 150 });
    const view = { scale: 0.5, x: 10, y: 20 };
    const zoomed = zoomAt(view, 2, 110, 70, 0.1);
    // The image point under (110, 70) was (200, 100); it still is.
    expect((110 - zoomed.x) / zoomed.scale).toBeCloseTo(200);
    expect((70 - zoomed.y) / zoomed.scale).toBeCloseTo(100);
    expect(zoomAt(view, 0.001, 0, 0, 0.1).scale).toBe(0.1);
    expect(zoomAt(view, 1000, 0, 0, 0.1).scale).toBe(16);
  });
});
