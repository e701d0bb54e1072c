import { editorTexts } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { aCompletedJob, aJob } from '../testing';
import {
  editorReducer,
  initialEditorState,
  type EditorAction,
  type EditorState,
  type Selection,
} from './editor-machine';

const file = new File(['x'], 'holiday.jpg', { type: 'image/jpeg' });
const fileSelection: Selection = { kind: 'file', file, name: 'holiday.jpg', previewUrl: 'blob:1' };
const urlSelection: Selection = {
  kind: 'url',
  url: 'https://example.com/a.png',
  name: 'image_from_url',
  previewUrl: null,
};

function run(actions: EditorAction[], from: EditorState = initialEditorState): EditorState {
  return actions.reduce(editorReducer, from);
}

describe('the image flow (spec §4)', () => {
  it('goes none → selected → sending → processing → completed', () => {
    let state = run([{ type: 'select', attempt: 1, selection: fileSelection }]);
    expect(state.selection).toBe(fileSelection);
    expect(state.phase).toEqual({ step: 'idle', blocker: null });

    state = run([{ type: 'start', attempt: 2 }], state);
    expect(state.phase.step).toBe('sending');
    expect(state.percent).toBe(0);

    state = run([{ type: 'upload-progress', attempt: 2, loaded: 50, total: 100 }], state);
    expect(state.percent).toBe(10);

    const processing = aJob({ status: 'processing', stage: 'inference', progress: 50 });
    state = run([{ type: 'job', attempt: 2, job: processing }], state);
    expect(state.phase).toEqual({ step: 'processing', job: processing });
    expect(state.percent).toBe(60);

    state = run([{ type: 'job', attempt: 2, job: aCompletedJob() }], state);
    expect(state.phase.step).toBe('completed');
    expect(state.percent).toBe(100);
  });

  it('removing returns to none, from any phase', () => {
    const state = run([
      { type: 'select', attempt: 1, selection: fileSelection },
      { type: 'start', attempt: 2 },
      { type: 'remove', attempt: 3 },
    ]);
    expect(state.selection).toBeNull();
    expect(state.phase).toEqual({ step: 'idle', blocker: null });
    expect(state.percent).toBe(0);
  });

  it('ignores answers to an earlier start, and any after removal', () => {
    let state = run([
      { type: 'select', attempt: 1, selection: fileSelection },
      { type: 'start', attempt: 2 },
      { type: 'start', attempt: 3 },
    ]);
    const before = state;
    state = run([{ type: 'job', attempt: 2, job: aCompletedJob() }], state);
    expect(state).toBe(before);

    state = run([
      { type: 'remove', attempt: 4 },
      { type: 'job', attempt: 3, job: aCompletedJob() },
    ]);
    expect(state.selection).toBeNull();
  });

  it('stops before any call when the visitor is blocked', () => {
    const state = run([
      { type: 'select', attempt: 1, selection: fileSelection },
      { type: 'start', attempt: 2 },
      { type: 'blocked', attempt: 2, blocker: 'no-credits' },
    ]);
    expect(state.phase).toEqual({ step: 'idle', blocker: 'no-credits' });
    expect(state.selection).toBe(fileSelection);
  });

  it('shows the server’s message, or the spec’s when there is none', () => {
    const base = run([
      { type: 'select', attempt: 1, selection: urlSelection },
      { type: 'start', attempt: 2 },
    ]);
    const withMessage = run(
      [{ type: 'error', attempt: 2, message: 'Failed to fetch image with status 404' }],
      base,
    );
    expect(withMessage.phase).toMatchObject({
      step: 'failed',
      message: 'Failed to fetch image with status 404',
    });

    const failedJob = aJob({ status: 'failed', error: null });
    const withoutMessage = run(
      [
        { type: 'job', attempt: 2, job: aJob({ status: 'processing', progress: 30 }) },
        { type: 'job', attempt: 2, job: failedJob },
      ],
      base,
    );
    expect(withoutMessage.phase).toMatchObject({
      step: 'failed',
      message: editorTexts.processFailed,
      job: failedJob,
    });
  });

  it('keeps a job’s own failure message', () => {
    const state = run([
      { type: 'select', attempt: 1, selection: urlSelection },
      { type: 'start', attempt: 2 },
      {
        type: 'job',
        attempt: 2,
        job: aJob({ status: 'failed', error: { code: 'undecodable', message: 'Bad image' } }),
      },
    ]);
    expect(state.phase).toMatchObject({ step: 'failed', message: 'Bad image' });
  });

  it('treats a completed job without results as a failure', () => {
    const state = run([
      { type: 'select', attempt: 1, selection: urlSelection },
      { type: 'start', attempt: 2 },
      { type: 'job', attempt: 2, job: aJob({ status: 'completed', result: null }) },
    ]);
    expect(state.phase).toMatchObject({ step: 'failed', message: editorTexts.processFailed });
  });

  it('can start again after an error, from 0', () => {
    const state = run([
      { type: 'select', attempt: 1, selection: fileSelection },
      { type: 'start', attempt: 2 },
      { type: 'upload-progress', attempt: 2, loaded: 100, total: 100 },
      { type: 'error', attempt: 2, message: 'Queue full' },
      { type: 'start', attempt: 3 },
    ]);
    expect(state.phase.step).toBe('sending');
    expect(state.percent).toBe(0);
  });

  it('cancelling keeps the selection', () => {
    const job = aJob({ status: 'processing', progress: 40 });
    const state = run([
      { type: 'select', attempt: 1, selection: fileSelection },
      { type: 'start', attempt: 2 },
      { type: 'job', attempt: 2, job },
      { type: 'cancelled', attempt: 2 },
    ]);
    expect(state.phase).toEqual({ step: 'cancelled', job });
    expect(state.selection).toBe(fileSelection);
  });

  it('does not start without a selection', () => {
    expect(run([{ type: 'start', attempt: 1 }])).toEqual(initialEditorState);
  });

  it('“Continue without an image” shows the workspace; selecting ends it', () => {
    let state = run([{ type: 'explore', on: true }]);
    expect(state.exploring).toBe(true);
    state = run([{ type: 'select', attempt: 1, selection: fileSelection }], state);
    expect(state.exploring).toBe(false);
  });
});
