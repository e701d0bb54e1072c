import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { ApiError, NetworkError } from '../../../lib/api-client';
import { aCompletedJob, aJob, FakeEventSource, FakeXhr } from '../testing';
import { followJob, uploadJob } from './jobs';

beforeEach(() => {
  FakeXhr.reset();
  FakeEventSource.reset();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
});

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('uploadJob', () => {
  const file = new File(['abc'], 'holiday.jpg', { type: 'image/jpeg' });

  it('posts multipart with the token before the file, reports bytes sent, returns the job', async () => {
    const progress: { loaded: number; total: number }[] = [];
    const promise = uploadJob(file, {
      turnstileToken: 'tok',
      onProgress: (p) => progress.push(p),
      signal: new AbortController().signal,
    });
    const xhr = FakeXhr.last();
    expect(xhr.method).toBe('POST');
    expect(xhr.url).toBe('/api/jobs');
    expect([...(xhr.body?.keys() ?? [])]).toEqual(['turnstileToken', 'file']);
    expect((xhr.body?.get('file') as File).name).toBe('holiday.jpg');
    xhr.progress(1, 3);
    xhr.progress(3, 3);
    xhr.respond(202, aJob());
    await expect(promise).resolves.toEqual(aJob());
    expect(progress).toEqual([
      { loaded: 1, total: 3 },
      { loaded: 3, total: 3 },
    ]);
  });

  it('sends no token field without a bot check', () => {
    void uploadJob(file, { onProgress: () => undefined, signal: new AbortController().signal });
    expect([...(FakeXhr.last().body?.keys() ?? [])]).toEqual(['file']);
  });

  it('turns the server’s error into an ApiError with its message', async () => {
    const promise = uploadJob(file, {
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    FakeXhr.last().respond(413, {
      error: { code: 'too_large', message: 'Image size should be less than 10MB' },
    });
    const error = await promise.catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 413,
      code: 'too_large',
      message: 'Image size should be less than 10MB',
    });
  });

  it.each([
    ['no id', { ...aJob(), id: 1 }],
    ['an unknown status', { ...aJob(), status: 'done' }],
    ['an unknown stage', { ...aJob(), stage: 'magic' }],
    ['a partial result', { ...aJob(), result: { refined: '/r' } }],
    ['no download names', { ...aJob(), downloadNames: null }],
  ])('refuses an answer with %s (the contract’s job schema)', async (_, data) => {
    const promise = uploadJob(file, {
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    FakeXhr.last().respond(202, data);
    await expect(promise).rejects.toThrow();
  });

  it('reports a network failure', async () => {
    const promise = uploadJob(file, {
      onProgress: () => undefined,
      signal: new AbortController().signal,
    });
    FakeXhr.last().failNetwork();
    await expect(promise).rejects.toBeInstanceOf(NetworkError);
  });

  it('aborts the request with the signal', async () => {
    const controller = new AbortController();
    const promise = uploadJob(file, { onProgress: () => undefined, signal: controller.signal });
    controller.abort();
    expect(FakeXhr.last().aborted).toBe(true);
    await expect(promise).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('followJob', () => {
  it('delivers each job event and closes the stream at the end', () => {
    const seen: string[] = [];
    followJob(
      'job-1',
      { onJob: (job) => seen.push(`${job.status}:${job.progress}`), onError: () => undefined },
      { EventSource: FakeEventSource as unknown as typeof EventSource },
    );
    const source = FakeEventSource.last();
    expect(source.url).toBe('/api/jobs/job-1/events');
    source.emit(aJob({ status: 'processing', stage: 'inference', progress: 40 }));
    source.emit(aCompletedJob());
    source.emit(aJob({ status: 'processing', progress: 99 }));
    expect(seen).toEqual(['processing:40', 'completed:100']);
    expect(source.closed).toBe(true);
  });

  it('reads the job instead when the stream fails', async () => {
    const answers = [aJob({ status: 'processing', progress: 70 }), aCompletedJob()];
    const getJob = vi.fn(() => Promise.resolve(answers.shift()!));
    const seen: number[] = [];
    const finished = new Promise<void>((resolve) => {
      followJob(
        'job-1',
        {
          onJob: (job) => {
            seen.push(job.progress);
            if (job.status === 'completed') resolve();
          },
          onError: () => undefined,
        },
        {
          EventSource: FakeEventSource as unknown as typeof EventSource,
          getJob,
          sleep: () => Promise.resolve(),
        },
      );
    });
    FakeEventSource.last().fail();
    await finished;
    expect(FakeEventSource.last().closed).toBe(true);
    expect(seen).toEqual([70, 100]);
    expect(getJob).toHaveBeenCalledTimes(2);
  });

  it('reports when the job cannot be read at all', async () => {
    const onError = vi.fn();
    followJob(
      'job-1',
      { onJob: () => undefined, onError },
      {
        EventSource: FakeEventSource as unknown as typeof EventSource,
        getJob: () => Promise.reject(new Error('gone')),
        sleep: () => Promise.resolve(),
      },
    );
    FakeEventSource.last().fail();
    await vi.waitFor(() => expect(onError).toHaveBeenCalledTimes(1));
  });

  it('stops listening when asked', () => {
    const onJob = vi.fn();
    const follower = followJob(
      'job-1',
      { onJob, onError: () => undefined },
      { EventSource: FakeEventSource as unknown as typeof EventSource },
    );
    follower.stop();
    FakeEventSource.last().emit(aJob({ status: 'processing' }));
    expect(onJob).not.toHaveBeenCalled();
    expect(FakeEventSource.last().closed).toBe(true);
  });
});
