import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError } from '../../../test/fetch';
import { resetToastSpy, toastModuleMock, toastSpy } from '../../../test/toast-mock';
import { backgroundTexts as texts } from '../background-texts';
import { aCompletedJob } from '../testing';
import { BackgroundPanel } from './background-panel';

vi.mock('../../../lib/toast', () => toastModuleMock);

type Sent = { url: string; init: RequestInit };
let sent: Sent[] = [];
let answer: () => Response;
let saved: string[] = [];

beforeEach(() => {
  sent = [];
  resetToastSpy();
  answer = () =>
    new Response(new Uint8Array([137, 80, 78, 71]), {
      status: 200,
      headers: {
        'Content-Type': 'image/png',
        'Content-Disposition': `attachment; filename="photo_background.png"; filename*=UTF-8''photo_background.png`,
      },
    });
  vi.stubGlobal(
    'fetch',
    vi.fn(async (url: string, init: RequestInit) => {
      sent.push({ url, init });
      return answer();
    }),
  );
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: vi.fn() }),
  );
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
});

const job = aCompletedJob({ id: 'job-7', originalName: 'photo.jpg', width: 800, height: 600 });

describe('BackgroundPanel', () => {
  it('previews a colour and exports it through the server as the chosen format', async () => {
    const user = userEvent.setup();
    render(<BackgroundPanel job={job} />);
    const preview = screen.getByTestId('background-preview');
    expect(preview.style.aspectRatio).toBe('800 / 600');

    await user.click(screen.getByRole('radio', { name: texts.kinds.color }));
    await user.click(screen.getByRole('button', { name: texts.preset('sky blue') }));
    const layer = preview.querySelector('div') as HTMLDivElement;
    expect(layer.style.backgroundColor).toBe('rgb(129, 212, 250)');

    await user.click(screen.getByRole('checkbox', { name: texts.shadow }));
    await user.selectOptions(screen.getByLabelText(texts.formatLabel), 'jpg');
    await user.click(screen.getByRole('button', { name: texts.download('jpg') }));

    await waitFor(() => expect(toastSpy.success).toHaveBeenCalledWith(texts.exported));
    expect(toastSpy.error).not.toHaveBeenCalled();
    expect(saved).toEqual(['photo_background.png']);
    expect(sent).toHaveLength(1);
    expect(sent[0]!.url).toBe('/api/jobs/job-7/compose');
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual({
      format: 'jpg',
      add_shadow: true,
      bg_color: '#81d4fa',
    });
  });

  it('sends an uploaded image as multipart with its fit, and refuses a non-image before sending', async () => {
    const user = userEvent.setup({ applyAccept: false });
    render(<BackgroundPanel job={job} />);
    await user.click(screen.getByRole('radio', { name: texts.kinds.image }));

    await user.click(screen.getByRole('button', { name: texts.download('png') }));
    expect(toastSpy.error).toHaveBeenCalledWith(texts.chooseImageFirst);
    expect(sent).toHaveLength(0);

    const input = screen.getByLabelText(texts.imageInput);
    await user.upload(input, new File(['text'], 'notes.txt', { type: 'text/plain' }));
    expect(screen.getByText(texts.imageNone)).toBeInTheDocument();

    await user.upload(input, new File([new Uint8Array(8)], 'wall.png', { type: 'image/png' }));
    expect(screen.getByText(texts.imageChosen('wall.png'))).toBeInTheDocument();
    const fit = screen.getByRole('group', { name: texts.fitLegend });
    await user.click(within(fit).getByRole('radio', { name: texts.fits.contain }));
    await user.click(screen.getByRole('button', { name: texts.download('png') }));
    await waitFor(() => expect(sent).toHaveLength(1));
    const form = sent[0]!.init.body as FormData;
    expect(form.get('bg_image_fit')).toBe('contain');
    expect((form.get('bg_image_file') as File).name).toBe('wall.png');
  });

  it("shows the server's message when the export is refused", async () => {
    answer = () => apiError(422, 'bg_image_file: This image file is damaged.');
    const user = userEvent.setup();
    render(<BackgroundPanel job={job} />);
    await user.click(screen.getByRole('radio', { name: texts.kinds.blur }));
    expect(screen.getByTestId('background-preview').querySelector('img')?.getAttribute('src')).toBe(
      job.original,
    );
    await user.click(screen.getByRole('button', { name: texts.download('png') }));
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('bg_image_file: This image file is damaged.'),
    );
    expect(JSON.parse(sent[0]!.init.body as string)).toEqual({ format: 'png', bg_blur: true });
  });
});
