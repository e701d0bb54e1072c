import { describe, expect, it, vi } from 'vitest';
import { saveResult } from './download';

describe('saveResult', () => {
  it('fetches the result and saves it under the download name', async () => {
    const clicked: { href: string; download: string }[] = [];
    const click = vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
      this: HTMLAnchorElement,
    ) {
      clicked.push({ href: this.href, download: this.download });
    });
    const fetch = vi.fn(() => Promise.resolve(new Response('png', { status: 200 })));
    await saveResult('/api/jobs/1/results/white_bg', 'holiday_white_bg.png', {
      fetch,
      createObjectURL: () => 'blob:result',
      revokeObjectURL: () => undefined,
    });
    expect(fetch).toHaveBeenCalledWith('/api/jobs/1/results/white_bg', {
      credentials: 'same-origin',
    });
    expect(clicked).toEqual([{ href: 'blob:result', download: 'holiday_white_bg.png' }]);
    expect(document.querySelector('a[download]')).toBeNull();
    click.mockRestore();
  });

  it('fails when the server does not answer with the file', async () => {
    const fetch = vi.fn(() => Promise.resolve(new Response('gone', { status: 404 })));
    await expect(saveResult('/x', 'x.png', { fetch })).rejects.toThrow('HTTP 404');
  });
});
