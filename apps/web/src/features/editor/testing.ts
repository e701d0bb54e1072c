import type { Job } from '@cutout/contracts';

// Test data and fakes shared by the editor's tests (not imported by the app).

export function aJob(overrides: Partial<Job> = {}): Job {
  return {
    id: 'job-1',
    status: 'queued',
    stage: 'queued',
    progress: 0,
    source: 'upload',
    originalName: 'holiday.jpg',
    width: null,
    height: null,
    result: null,
    original: null,
    downloadNames: {
      refined: 'holiday_refined.png',
      white_bg: 'holiday_white_bg.png',
      transparent_bg: 'holiday_transparent_bg.png',
    },
    error: null,
    timings: null,
    createdAt: '2025-01-01T00:00:00.000Z',
    finishedAt: null,
    expiresAt: '2025-01-02T00:00:00.000Z',
    resultVersion: 0,
    ...overrides,
  };
}

export function aCompletedJob(overrides: Partial<Job> = {}): Job {
  return aJob({
    status: 'completed',
    stage: 'done',
    progress: 100,
    width: 640,
    height: 480,
    result: {
      refined: '/api/jobs/job-1/results/refined',
      white_bg: '/api/jobs/job-1/results/white_bg',
      transparent_bg: '/api/jobs/job-1/results/transparent_bg',
    },
    original: '/api/jobs/job-1/original',
    ...overrides,
  });
}

type Listener = (event: MessageEvent<string>) => void;

/** An EventSource driven by the test: `emit` sends a `job` event, `fail` an error. */
export class FakeEventSource {
  static instances: FakeEventSource[] = [];
  readonly url: string;
  closed = false;
  onerror: ((event: Event) => void) | null = null;
  private listeners = new Map<string, Listener[]>();

  constructor(url: string) {
    this.url = url;
    FakeEventSource.instances.push(this);
  }

  addEventListener(type: string, listener: Listener) {
    this.listeners.set(type, [...(this.listeners.get(type) ?? []), listener]);
  }

  close() {
    this.closed = true;
  }

  emit(job: Job, type = 'job') {
    for (const listener of this.listeners.get(type) ?? []) {
      listener(new MessageEvent(type, { data: JSON.stringify(job) }));
    }
  }

  fail() {
    this.onerror?.(new Event('error'));
  }

  static reset() {
    FakeEventSource.instances = [];
  }

  static last(): FakeEventSource {
    const source = FakeEventSource.instances.at(-1);
    if (!source) throw new Error('No EventSource was opened');
    return source;
  }
}

/** An XMLHttpRequest the test answers: `progress`, `respond`, `failNetwork`. */
export class FakeXhr {
  static instances: FakeXhr[] = [];
  method = '';
  url = '';
  body: FormData | null = null;
  headers: Record<string, string> = {};
  status = 0;
  statusText = '';
  responseText = '';
  aborted = false;
  upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  onabort: (() => void) | null = null;

  constructor() {
    FakeXhr.instances.push(this);
  }

  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }

  setRequestHeader(name: string, value: string) {
    this.headers[name] = value;
  }

  send(body: FormData) {
    this.body = body;
  }

  abort() {
    this.aborted = true;
    this.onabort?.();
  }

  progress(loaded: number, total: number) {
    this.upload.onprogress?.(
      new ProgressEvent('progress', { loaded, total, lengthComputable: true }),
    );
  }

  respond(status: number, body: unknown, statusText = '') {
    this.status = status;
    this.statusText = statusText;
    this.responseText = JSON.stringify(body);
    this.onload?.();
  }

  failNetwork() {
    this.onerror?.();
  }

  static reset() {
    FakeXhr.instances = [];
  }

  static last(): FakeXhr {
    const xhr = FakeXhr.instances.at(-1);
    if (!xhr) throw new Error('No XMLHttpRequest was sent');
    return xhr;
  }
}
