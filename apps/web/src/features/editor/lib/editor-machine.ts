import type { Job, SampleImage } from '@cutout/contracts';
import { editorTexts } from '@cutout/contracts';
import { nextPercent } from './progress';
import type { Blocker } from './validation';

// The editor's image flow (spec §4): none → selected (preview) → processing → result | error,
// and back to none when the image is removed. A pure reducer, so every transition is tested
// without a browser; editor.tsx runs the calls and feeds their outcomes in.

export type Selection =
  | { kind: 'file'; file: File; name: string; previewUrl: string }
  | { kind: 'url'; url: string; name: string; previewUrl: null }
  | { kind: 'sample'; sample: SampleImage; name: string; previewUrl: string };

export type Phase =
  /** Selected, nothing running: not started yet, or stopped because of `blocker`. */
  | { step: 'idle'; blocker: Blocker | null }
  /** Checks and, for a file, the upload; `loaded`/`total` are bytes sent. */
  | { step: 'sending'; loaded: number; total: number }
  | { step: 'processing'; job: Job }
  | { step: 'completed'; job: Job }
  | { step: 'failed'; message: string; blocker: Blocker | null; job: Job | null }
  | { step: 'cancelled'; job: Job | null };

export type EditorState = {
  selection: Selection | null;
  phase: Phase;
  /** The Processing panel's bar, 0–100; only ever grows within one attempt. */
  percent: number;
  /**
   * Which start the phase belongs to: answers to an earlier start are ignored. The caller
   * numbers its starts, selections and removals from one counter that only grows.
   */
  attempt: number;
  /** 'Continue without an image': the workspace shown with nothing selected. */
  exploring: boolean;
};

export type EditorAction =
  | { type: 'select'; attempt: number; selection: Selection }
  | { type: 'remove'; attempt: number }
  | { type: 'explore'; on: boolean }
  | { type: 'start'; attempt: number }
  | { type: 'blocked'; attempt: number; blocker: Blocker }
  | { type: 'upload-progress'; attempt: number; loaded: number; total: number }
  | { type: 'job'; attempt: number; job: Job }
  | { type: 'error'; attempt: number; message: string; blocker?: Blocker | null }
  | { type: 'cancelled'; attempt: number }
  /** A touch-up was saved or reset: the same job, with its new result version. */
  | { type: 'touched-up'; attempt: number; job: Job };

export const initialEditorState: EditorState = {
  selection: null,
  phase: { step: 'idle', blocker: null },
  percent: 0,
  attempt: 0,
  exploring: false,
};

export function isRunning(phase: Phase): boolean {
  return phase.step === 'sending' || phase.step === 'processing';
}

/** The job the phase knows about, if any (to cancel it, or to show its original). */
export function jobOf(phase: Phase): Job | null {
  switch (phase.step) {
    case 'processing':
    case 'completed':
      return phase.job;
    case 'failed':
    case 'cancelled':
      return phase.job;
    default:
      return null;
  }
}

function hasUpload(state: EditorState): boolean {
  return state.selection?.kind === 'file';
}

export function editorReducer(state: EditorState, action: EditorAction): EditorState {
  switch (action.type) {
    case 'select':
      return {
        ...state,
        selection: action.selection,
        attempt: Math.max(action.attempt, state.attempt),
        phase: { step: 'idle', blocker: null },
        percent: 0,
        exploring: false,
      };
    case 'remove':
      // A new attempt number: whatever was still running answers into the void.
      return { ...initialEditorState, attempt: Math.max(action.attempt, state.attempt) };
    case 'explore':
      return { ...state, exploring: action.on };
    case 'start':
      if (!state.selection || action.attempt <= state.attempt) return state;
      return {
        ...state,
        attempt: action.attempt,
        phase: { step: 'sending', loaded: 0, total: 0 },
        percent: 0,
      };
    default:
      break;
  }

  // Everything below answers a start; a stale answer changes nothing.
  if (action.attempt !== state.attempt || !state.selection) return state;
  const upload = hasUpload(state);

  switch (action.type) {
    case 'blocked':
      return { ...state, phase: { step: 'idle', blocker: action.blocker }, percent: 0 };
    case 'upload-progress':
      if (state.phase.step !== 'sending') return state;
      return {
        ...state,
        phase: { step: 'sending', loaded: action.loaded, total: action.total },
        percent: nextPercent(state.percent, {
          step: 'sending',
          hasUpload: upload,
          loaded: action.loaded,
          total: action.total,
        }),
      };
    case 'job': {
      if (!isRunning(state.phase)) return state;
      const { job } = action;
      const percent = nextPercent(state.percent, { step: 'job', hasUpload: upload, job });
      switch (job.status) {
        case 'queued':
        case 'processing':
          return { ...state, phase: { step: 'processing', job }, percent };
        case 'completed':
          if (!job.result) {
            return {
              ...state,
              phase: { step: 'failed', message: editorTexts.processFailed, blocker: null, job },
            };
          }
          return { ...state, phase: { step: 'completed', job }, percent: 100 };
        case 'failed':
          return {
            ...state,
            phase: {
              step: 'failed',
              message: job.error?.message || editorTexts.processFailed,
              blocker: null,
              job,
            },
          };
        case 'cancelled':
          return { ...state, phase: { step: 'cancelled', job } };
      }
      return state;
    }
    case 'error':
      return {
        ...state,
        phase: {
          step: 'failed',
          message: action.message || editorTexts.processFailed,
          blocker: action.blocker ?? null,
          job: jobOf(state.phase),
        },
      };
    case 'cancelled':
      return { ...state, phase: { step: 'cancelled', job: jobOf(state.phase) } };
    case 'touched-up':
      if (state.phase.step !== 'completed' || state.phase.job.id !== action.job.id) return state;
      if (!action.job.result) return state;
      return { ...state, phase: { step: 'completed', job: action.job } };
  }
}
