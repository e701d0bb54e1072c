import { describe, expect, it } from 'vitest';
import {
  editorReducer,
  initialEditorState,
  type EditorAction,
  type Selection,
} from '../lib/editor-machine';
import { aCompletedJob, aJob } from '../testing';
import { stepsOf } from './processing-steps';

const file: Selection = {
  kind: 'file',
  file: new File(['x'], 'a.png', { type: 'image/png' }),
  name: 'a.png',
  previewUrl: 'blob:a',
};
const sample: Selection = {
  kind: 'sample',
  sample: { id: 's', name: 'S', url: '/s.jpg', thumbnail: '/t.jpg', width: 1, height: 1 },
  name: 'S',
  previewUrl: '/s.jpg',
};

const started = (selection: Selection): EditorAction[] => [
  { type: 'select', attempt: 1, selection },
  { type: 'start', attempt: 2 },
];
const run = (actions: EditorAction[]) => actions.reduce(editorReducer, initialEditorState);

const states = (steps: ReturnType<typeof stepsOf>) => steps.map((s) => `${s.key}:${s.state}`);

describe('stepsOf', () => {
  it('starts with the upload for a file, and has none for a sample', () => {
    const fileState = run(started(file));
    expect(states(stepsOf(fileState))).toEqual([
      'upload:current',
      'queue:pending',
      'read:pending',
      'model:pending',
      'refine:pending',
      'save:pending',
    ]);
    const sampleState = run(started(sample));
    expect(stepsOf(sampleState)[0]).toMatchObject({ key: 'queue', state: 'current' });
  });

  it('follows the job’s stage', () => {
    const state = run([
      ...started(file),
      { type: 'job', attempt: 2, job: aJob({ status: 'processing', stage: 'inference' }) },
    ]);
    expect(states(stepsOf(state))).toEqual([
      'upload:done',
      'queue:done',
      'read:done',
      'model:current',
      'refine:pending',
      'save:pending',
    ]);
  });

  it('marks every step done when completed, and the current one stopped on failure', () => {
    const done = run([...started(sample), { type: 'job', attempt: 2, job: aCompletedJob() }]);
    expect(stepsOf(done).every((step) => step.state === 'done')).toBe(true);
    const failed = run([
      ...started(sample),
      { type: 'job', attempt: 2, job: aJob({ status: 'processing', stage: 'refine' }) },
      { type: 'job', attempt: 2, job: aJob({ status: 'failed', stage: 'refine' }) },
    ]);
    expect(stepsOf(failed).find((step) => step.key === 'refine')?.state).toBe('stopped');
  });
});
