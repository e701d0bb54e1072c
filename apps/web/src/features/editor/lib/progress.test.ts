import { describe, expect, it } from 'vitest';
import { nextPercent, overallPercent, uploadShare } from './progress';

describe('overallPercent', () => {
  it('maps an upload’s bytes to the first part of the bar', () => {
    expect(overallPercent({ step: 'sending', hasUpload: true, loaded: 0, total: 1000 })).toBe(0);
    expect(overallPercent({ step: 'sending', hasUpload: true, loaded: 500, total: 1000 })).toBe(
      uploadShare / 2,
    );
    expect(overallPercent({ step: 'sending', hasUpload: true, loaded: 1000, total: 1000 })).toBe(
      uploadShare,
    );
  });

  it('shows 0 while a URL or sample request is on its way (no bytes to count)', () => {
    expect(overallPercent({ step: 'sending', hasUpload: false, loaded: 0, total: 0 })).toBe(0);
  });

  it('maps the job’s progress to the rest of the bar after an upload', () => {
    const job = (progress: number) => ({ status: 'processing' as const, progress });
    expect(overallPercent({ step: 'job', hasUpload: true, job: job(0) })).toBe(uploadShare);
    expect(overallPercent({ step: 'job', hasUpload: true, job: job(50) })).toBe(60);
    expect(overallPercent({ step: 'job', hasUpload: true, job: job(99) })).toBe(99);
  });

  it('uses the job’s progress as it is without an upload', () => {
    expect(
      overallPercent({
        step: 'job',
        hasUpload: false,
        job: { status: 'processing', progress: 42 },
      }),
    ).toBe(42);
  });

  it('is 100 only when the job is completed', () => {
    expect(
      overallPercent({ step: 'job', hasUpload: true, job: { status: 'completed', progress: 95 } }),
    ).toBe(100);
  });

  it('clamps nonsense', () => {
    expect(overallPercent({ step: 'sending', hasUpload: true, loaded: 5000, total: 1000 })).toBe(
      uploadShare,
    );
    expect(
      overallPercent({
        step: 'job',
        hasUpload: false,
        job: { status: 'processing', progress: 140 },
      }),
    ).toBe(100);
  });
});

describe('nextPercent', () => {
  it('never goes backwards', () => {
    expect(
      nextPercent(70, {
        step: 'job',
        hasUpload: false,
        job: { status: 'processing', progress: 40 },
      }),
    ).toBe(70);
  });
});
