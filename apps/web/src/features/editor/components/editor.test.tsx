import { editorTexts, freeTryTexts, limits } from '@cutout/contracts';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch, type Call } from '../../../test/fetch';
import { anUser, renderAt, testQueryClient } from '../../../test/render';
import { resetToastSpy, toastModuleMock, toastSpy } from '../../../test/toast-mock';
import { aCompletedJob, aJob, FakeEventSource, FakeXhr } from '../testing';
import { Editor } from './editor';

vi.mock('../../../lib/toast', () => toastModuleMock);

const profile = (credits: number) => ({
  id: anUser.id,
  email: anUser.email,
  name: 'Jane Doe',
  role: 'user',
  credits,
  accountType: 'personal',
  createdAt: '2026-03-04T10:00:00.000Z',
  emailVerified: true,
});

const samples = [
  {
    id: 'studio-portrait',
    name: 'Studio Portrait',
    url: '/s/1.jpg',
    thumbnail: '/s/1t.jpg',
    width: 800,
    height: 600,
  },
  {
    id: 'product-photo',
    name: 'Product Photo',
    url: '/s/2.jpg',
    thumbnail: '/s/2t.jpg',
    width: 800,
    height: 600,
  },
  {
    id: 'landscape',
    name: 'Landscape',
    url: '/s/3.jpg',
    thumbnail: '/s/3t.jpg',
    width: 800,
    height: 600,
  },
  {
    id: 'fashion',
    name: 'Fashion',
    url: '/s/4.jpg',
    thumbnail: '/s/4t.jpg',
    width: 800,
    height: 600,
  },
];

let credits = 3;
let revokeObjectURL = vi.fn();
let calls: Call[] = [];
let siteKey: string | null = null;
let jsonJobAnswer: () => Response = () =>
  json(aJob({ source: 'url', originalName: 'image_from_url.png' }), 202);

/** Images "load" when the test says so (jsdom fetches none). */
class FakeImage {
  static pending: FakeImage[] = [];
  onload: (() => void) | null = null;
  onerror: (() => void) | null = null;
  src = '';
  constructor() {
    FakeImage.pending.push(this);
  }
}

beforeEach(() => {
  credits = 3;
  siteKey = null;
  jsonJobAnswer = () => json(aJob({ source: 'url', originalName: 'image_from_url.png' }), 202);
  FakeXhr.reset();
  FakeEventSource.reset();
  FakeImage.pending = [];
  resetToastSpy();
  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  vi.stubGlobal('EventSource', FakeEventSource);
  vi.stubGlobal('Image', FakeImage);
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  revokeObjectURL = vi.fn();
  URL.revokeObjectURL = revokeObjectURL;
  calls = stubFetch(({ method, url }) => {
    if (url === '/api/me') return json(profile(credits));
    if (url === '/api/editor/config') {
      return json({
        turnstileSiteKey: siteKey,
        maxUploadBytes: limits.maxUploadBytes,
        retentionHours: 24,
      });
    }
    if (url === '/api/samples') return json(samples);
    if (method === 'POST' && url === '/api/jobs') return jsonJobAnswer();
    if (method === 'DELETE') return new Response(null, { status: 204 });
    if (url.startsWith('/api/jobs/job-1/results/')) return new Response('png');
    return apiError(404, 'Not found');
  });
});

afterEach(() => {
  vi.unstubAllGlobals();
});

function renderEditor({ signedIn = true }: { signedIn?: boolean } = {}) {
  const queryClient = testQueryClient({ user: signedIn ? anUser : null });
  // The balance as the server says, read fresh each time it is invalidated.
  queryClient.setDefaultOptions({ queries: { retry: false, gcTime: Infinity, staleTime: 0 } });
  return renderAt(<Editor />, { path: '/', queryClient });
}

const photo = () => new File(['fake image bytes'], 'holiday.jpg', { type: 'image/jpeg' });

async function chooseFile(file: File) {
  const user = userEvent.setup({ applyAccept: false });
  await user.upload(screen.getByLabelText('Choose an image to upload'), file);
  return user;
}

const postedJobs = () => calls.filter((call) => call.method === 'POST' && call.url === '/api/jobs');

describe('the editor', () => {
  it('shows one set of tabs, the continue option with its purpose, and the notice', async () => {
    renderEditor();
    expect(screen.getAllByRole('tablist')).toHaveLength(1);
    const top = screen.getByRole('tablist', { name: 'Editor' });
    expect(
      within(top)
        .getAllByRole('tab')
        .map((tab) => tab.textContent),
    ).toEqual(['Upload Image', 'Image URL', 'Sample Images']);
    const explore = screen.getByRole('button', { name: editorTexts.continueWithoutImage });
    expect(explore).toBeVisible();
    expect(explore).toHaveAccessibleDescription(
      'See the editor and its three results before you choose an image.',
    );
    expect(screen.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
      'href',
      '/terms',
    );
    expect(screen.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
      'href',
      '/privacy',
    );
    expect(await screen.findByTestId('editor-credits')).toHaveTextContent('3 credits available');
    // No bot check configured: customers are told nothing about it (an operator notice, issue 26).
    await vi.waitFor(() =>
      expect(calls.some((call) => call.url === '/api/editor/config')).toBe(true),
    );
    expect(screen.queryByText(/bot-check|Turnstile/)).toBeNull();
    expect(document.querySelector('script[src*="challenges.cloudflare.com"]')).toBeNull();
  });

  it('uploads with real progress, follows the job’s stages and shows the three results', async () => {
    renderEditor();
    await screen.findByTestId('editor-credits');
    await chooseFile(photo());

    expect(await screen.findByRole('img', { name: 'Original: holiday.jpg' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(screen.getByTestId('selected-name')).toHaveTextContent('holiday.jpg');
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const xhr = FakeXhr.last();
    expect(xhr.url).toBe('/api/jobs');
    expect((xhr.body?.get('file') as File).name).toBe('holiday.jpg');

    act(() => xhr.progress(50, 100));
    expect(screen.getByTestId('processing-percent')).toHaveTextContent('10%');
    expect(screen.getByTestId('processing-stage')).toHaveTextContent('Uploading the image…');
    expect(screen.getByRole('progressbar')).toHaveAttribute('aria-valuenow', '10');

    act(() => xhr.respond(202, aJob()));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    const events = FakeEventSource.last();
    expect(events.url).toBe('/api/jobs/job-1/events');
    expect(screen.getByTestId('processing-stage')).toHaveTextContent('Waiting in the queue…');

    act(() => events.emit(aJob({ status: 'processing', stage: 'inference', progress: 50 })));
    expect(screen.getByTestId('processing-percent')).toHaveTextContent('60%');
    expect(screen.getByTestId('processing-stage')).toHaveTextContent('Running the model…');

    const meCallsBefore = calls.filter((call) => call.url === '/api/me').length;
    credits = 2;
    act(() => events.emit(aCompletedJob()));
    expect(screen.getByTestId('processing-percent')).toHaveTextContent('100%');
    await waitFor(() => expect(toastSpy.success).toHaveBeenCalledWith(editorTexts.removed));
    for (const variant of ['refined', 'white_bg', 'transparent_bg']) {
      expect(document.querySelector(`img[data-variant="${variant}"]`)).toHaveAttribute(
        'src',
        `/api/jobs/job-1/results/${variant}`,
      );
    }
    // A credit was spent on the server: the balance is read again.
    await waitFor(() =>
      expect(calls.filter((call) => call.url === '/api/me').length).toBeGreaterThan(meCallsBefore),
    );
    expect(await screen.findByText('2 credits available')).toBeVisible();
    expect(events.closed).toBe(true);
  });

  it('downloads a result under its download name, with a busy button', async () => {
    const clicked: string[] = [];
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push(this.download);
    });
    renderEditor();
    await screen.findByTestId('editor-credits');
    await chooseFile(photo());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last().respond(202, aCompletedJob()));

    const user = userEvent.setup();
    const button = await screen.findByRole('button', { name: editorTexts.downloadWhiteBg });
    await user.click(button);
    await waitFor(() => expect(toastSpy.success).toHaveBeenCalledWith(editorTexts.downloaded));
    expect(clicked).toEqual(['holiday_white_bg.png']);
    expect(calls.some((call) => call.url === '/api/jobs/job-1/results/white_bg')).toBe(true);
  });

  it('says why a download failed', async () => {
    renderEditor();
    await screen.findByTestId('editor-credits');
    await chooseFile(photo());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() =>
      FakeXhr.last().respond(
        202,
        aCompletedJob({ result: { refined: '/gone', white_bg: '/gone', transparent_bg: '/gone' } }),
      ),
    );
    await userEvent
      .setup()
      .click(await screen.findByRole('button', { name: editorTexts.downloadRefined }));
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(editorTexts.downloadFailed));
  });

  it('refuses a file that is not an image, and one over 10MB, before any call', async () => {
    renderEditor();
    await screen.findByTestId('editor-credits');
    await chooseFile(new File(['%PDF'], 'doc.pdf', { type: 'application/pdf' }));
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(editorTexts.notAnImage));

    const big = photo();
    Object.defineProperty(big, 'size', { value: limits.maxUploadBytes + 1 });
    await chooseFile(big);
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(editorTexts.tooLarge));
    expect(FakeXhr.instances).toHaveLength(0);
    expect(screen.getByRole('tablist', { name: 'Editor' })).toBeVisible();
  });

  it('sends a signed-out visitor’s image as a free try, offering sign-up beside it', async () => {
    renderEditor({ signedIn: false });
    await chooseFile(photo());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(screen.getByRole('link', { name: freeTryTexts.signUpForFull })).toHaveAttribute(
      'href',
      '/signup',
    );
    expect(screen.getByTestId('free-credits-offer')).toHaveTextContent(freeTryTexts.freeCredits);
    expect(screen.queryByTestId('editor-credits')).toBeNull();
    expect(calls.some((call) => call.url === '/api/me')).toBe(false);
  });

  it('stops a user without credits, with no call made', async () => {
    credits = 0;
    renderEditor();
    await chooseFile(photo());
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith(editorTexts.noCredits, expect.anything()),
    );
    expect(screen.getByRole('link', { name: 'Buy credits' })).toHaveAttribute('href', '/pricing');
    expect(screen.queryByTestId('editor-credits')).toBeNull();
    expect(FakeXhr.instances).toHaveLength(0);
  });

  it("says the server's own words when a visitor's free try of the day is used", async () => {
    renderEditor({ signedIn: false });
    await chooseFile(photo());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() =>
      FakeXhr.last().respond(429, {
        error: { code: 'free_try_used', message: freeTryTexts.usedUp },
      }),
    );
    // The toast and the notice give the server's reason with the way forward (issue 39: only
    // 'Sign up to continue.' for three seconds).
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith(freeTryTexts.usedUp, expect.anything()),
    );
    expect(screen.getByText(freeTryTexts.usedUp)).toBeInTheDocument();
  });

  it('shows the server’s message and can start again', async () => {
    renderEditor();
    await screen.findByTestId('editor-credits');
    await chooseFile(photo());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() =>
      FakeXhr.last().respond(503, {
        error: { code: 'queue_full', message: 'The server is busy. Please try again shortly.' },
      }),
    );
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('The server is busy. Please try again shortly.'),
    );
    await userEvent.setup().click(screen.getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(2));
  });

  it('says ‘Failed to process image’ when the job fails without a message', async () => {
    renderEditor();
    await screen.findByTestId('editor-credits');
    await chooseFile(photo());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last().respond(202, aJob()));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    act(() => FakeEventSource.last().emit(aJob({ status: 'failed', error: null })));
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(editorTexts.processFailed));
    expect(screen.getByRole('alert')).toHaveTextContent(editorTexts.processFailed);
  });

  it('removing cancels the running job and returns to none', async () => {
    renderEditor();
    await screen.findByTestId('editor-credits');
    const user = await chooseFile(photo());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last().respond(202, aJob({ status: 'processing', progress: 30 })));
    await waitFor(() => expect(FakeEventSource.instances).toHaveLength(1));
    await user.click(screen.getByRole('button', { name: 'Remove image' }));
    expect(screen.getByRole('tablist', { name: 'Editor' })).toBeVisible();
    expect(FakeEventSource.last().closed).toBe(true);
    await waitFor(() =>
      expect(calls).toContainEqual({ method: 'DELETE', url: '/api/jobs/job-1', body: undefined }),
    );
    expect(revokeObjectURL).toHaveBeenCalledWith('blob:preview');
  });

  it('asks for a URL when the field is empty, and imports one on the server', async () => {
    renderEditor();
    await screen.findByTestId('editor-credits');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Image URL' }));
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(editorTexts.urlRequired));
    expect(postedJobs()).toHaveLength(0);

    await user.type(
      screen.getByRole('textbox', { name: 'Image URL' }),
      'https://example.com/cat.png',
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() => expect(postedJobs()).toHaveLength(1));
    expect(postedJobs()[0]!.body).toEqual({ url: 'https://example.com/cat.png' });
    expect(screen.getByTestId('selected-name')).toHaveTextContent(/image_from_url/);
  });

  it('shows the server’s refusal of a URL', async () => {
    jsonJobAnswer = () =>
      apiError(400, 'Failed to fetch image with status 404', undefined, 'url_fetch_failed');
    renderEditor();
    await screen.findByTestId('editor-credits');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Image URL' }));
    await user.type(
      screen.getByRole('textbox', { name: 'Image URL' }),
      'https://example.com/missing.png',
    );
    await user.click(screen.getByRole('button', { name: 'Import' }));
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Failed to fetch image with status 404'),
    );
  });

  it('loads one sample at a time, then processes it', async () => {
    renderEditor();
    await screen.findByTestId('editor-credits');
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Sample Images' }));
    const portrait = await screen.findByRole('button', { name: 'Use the Studio Portrait sample' });
    expect(screen.getByText('Fashion')).toBeVisible();
    await user.click(portrait);

    expect(portrait).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('button', { name: 'Use the Landscape sample' })).toBeDisabled();
    const image = FakeImage.pending.find((img) => img.src === '/s/1.jpg')!;
    act(() => image.onload?.());

    await waitFor(() => expect(toastSpy.success).toHaveBeenCalledWith(editorTexts.sampleLoaded));
    await waitFor(() => expect(postedJobs()).toHaveLength(1));
    expect(postedJobs()[0]!.body).toEqual({ sampleId: 'studio-portrait' });
  });

  it('says when a sample cannot be loaded, and lets another be tried', async () => {
    renderEditor();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Sample Images' }));
    await user.click(await screen.findByRole('button', { name: 'Use the Fashion sample' }));
    act(() => FakeImage.pending.find((img) => img.src === '/s/4.jpg')!.onerror?.());
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(editorTexts.sampleFailed));
    expect(screen.getByRole('button', { name: 'Use the Landscape sample' })).toBeEnabled();
    expect(postedJobs()).toHaveLength(0);
  });

  it('‘Continue without an image’ shows what you will get, and sign-up for visitors', async () => {
    renderEditor({ signedIn: false });
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: editorTexts.continueWithoutImage }));
    expect(screen.getByRole('heading', { name: 'What you will get' })).toBeVisible();
    for (const label of [
      editorTexts.downloadRefined,
      editorTexts.downloadWhiteBg,
      editorTexts.downloadTransparent,
    ]) {
      expect(screen.getByRole('button', { name: label })).toBeDisabled();
    }
    expect(screen.getByRole('link', { name: freeTryTexts.signUpForFull })).toHaveAttribute(
      'href',
      '/signup',
    );
    await user.click(screen.getByRole('button', { name: 'Choose an image' }));
    expect(screen.getByRole('tablist', { name: 'Editor' })).toBeVisible();
  });

  it('tells each who is looking what an image costs: a free first try, or one credit (issue 26)', async () => {
    const user = userEvent.setup();
    const visitor = renderEditor({ signedIn: false });
    await user.click(screen.getByRole('button', { name: editorTexts.continueWithoutImage }));
    expect(screen.getByTestId('what-you-get')).toHaveTextContent(
      'Your first image today is free, at preview size.',
    );
    expect(await screen.findByTestId('cost-notice')).toHaveTextContent(
      'Your first image each day is free (preview size)',
    );
    expect(document.body.textContent).not.toContain('Each image uses one credit');
    expect(screen.getByTestId('what-you-get')).not.toHaveTextContent('uses one credit');
    visitor.unmount();

    renderEditor();
    await user.click(screen.getByRole('button', { name: editorTexts.continueWithoutImage }));
    expect(screen.getByTestId('what-you-get')).toHaveTextContent('uses one credit');
    expect(await screen.findByTestId('cost-notice')).toHaveTextContent(
      'Each image uses one credit.',
    );
    expect(document.body.textContent).not.toContain('free (preview size)');
  });

  it('takes a dropped image', async () => {
    renderEditor();
    await screen.findByTestId('editor-credits');
    const zone = screen.getByText(/Drag and drop an image here/).closest('label')!;
    fireEvent.dragOver(zone, { dataTransfer: { files: [photo()], dropEffect: 'none' } });
    fireEvent.drop(zone, { dataTransfer: { files: [photo()] } });
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    expect(screen.getByTestId('selected-name')).toHaveTextContent('holiday.jpg');
  });

  it('shows the server’s copy when the browser cannot show the file, and says when neither shows', async () => {
    renderEditor();
    await screen.findByTestId('editor-credits');
    await chooseFile(photo());
    fireEvent.error(await screen.findByRole('img', { name: 'Original: holiday.jpg' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() => FakeXhr.last().respond(202, aJob({ original: '/api/jobs/job-1/original' })));
    const original = await screen.findByRole('img', { name: 'Original: holiday.jpg' });
    await waitFor(() => expect(original).toHaveAttribute('src', '/api/jobs/job-1/original'));
    expect(toastSpy.error).not.toHaveBeenCalled();

    fireEvent.error(original);
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(editorTexts.loadFailed));
    expect(toastSpy.error).toHaveBeenCalledTimes(1);
  });

  it('says once, in the server’s words, that a file named .png is not an image', async () => {
    renderEditor();
    await screen.findByTestId('editor-credits');
    await chooseFile(new File(['not an image at all'], 'fake.png', { type: 'image/png' }));
    // The browser cannot show it either; that alone is not worth a second toast.
    fireEvent.error(await screen.findByRole('img', { name: 'Original: fake.png' }));
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    act(() =>
      FakeXhr.last().respond(415, {
        error: { code: 'unsupported_media_type', message: editorTexts.notAnImage },
      }),
    );
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(editorTexts.notAnImage));
    // Let any late toast arrive before counting: the preview's own would come from a promise.
    await act(() => Promise.resolve());
    expect(toastSpy.error).toHaveBeenCalledTimes(1);
  });

  it('with a Turnstile site key, loads the widget and sends its token before the file', async () => {
    siteKey = 'site-key';
    const render = vi.fn(
      (_el: HTMLElement, options: { sitekey: string; callback: (token: string) => void }) => {
        expect(options.sitekey).toBe('site-key');
        queueMicrotask(() => options.callback('token-1'));
        return 'widget-1';
      },
    );
    const reset = vi.fn();
    renderEditor();
    expect(await screen.findByText(/protected by Cloudflare Turnstile/)).toBeVisible();
    const script = await waitFor(() => {
      const element = document.querySelector<HTMLScriptElement>(
        'script[src^="https://challenges.cloudflare.com/turnstile/v0/api.js"]',
      );
      expect(element).not.toBeNull();
      return element!;
    });
    expect(script.src).toContain('render=explicit');
    window.turnstile = { render, reset, remove: vi.fn() };
    act(() => {
      script.onload?.(new Event('load'));
    });
    await waitFor(() => expect(render).toHaveBeenCalledTimes(1));

    await chooseFile(photo());
    await waitFor(() => expect(FakeXhr.instances).toHaveLength(1));
    const body = FakeXhr.last().body!;
    expect([...body.keys()]).toEqual(['turnstileToken', 'file']);
    expect(body.get('turnstileToken')).toBe('token-1');
    // Single use: the widget is reset for the next job.
    expect(reset).toHaveBeenCalledWith('widget-1');
    delete window.turnstile;
    script.remove();
  });
});
