import { batchTexts, limits, type Batch, type BatchList } from '@cutout/contracts';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../../test/fetch';
import { anUser, renderAt, testQueryClient } from '../../../test/render';
import { resetToastSpy, toastModuleMock, toastSpy } from '../../../test/toast-mock';
import { BatchProcessor } from './batch-processor';

vi.mock('../../../lib/toast', () => toastModuleMock);

// The Batch tab's own checks and what it shows of a stored batch; the whole flow against the
// real server is e2e/tests/batch.spec.ts.

const stored: Batch = {
  id: 'b1',
  createdAt: '2026-03-04T10:00:00.000Z',
  items: [
    {
      id: 'i1',
      position: 0,
      originalName: 'done.jpg',
      status: 'completed',
      progress: 100,
      error: null,
      jobId: 'j1',
      original: '/api/jobs/j1/original',
      result: {
        refined: '/api/jobs/j1/results/refined',
        white_bg: '/api/jobs/j1/results/white_bg',
        transparent_bg: '/api/jobs/j1/results/transparent_bg',
      },
    },
    {
      id: 'i2',
      position: 1,
      originalName: 'notes.txt',
      status: 'error',
      progress: 0,
      error: 'Please upload an image file',
      jobId: null,
      original: null,
      result: null,
    },
  ],
  counts: { pending: 0, processing: 0, completed: 1, error: 1 },
};

function answer(batches: BatchList['batches']) {
  return stubFetch(({ url }) => {
    if (url === '/api/batches') return json({ batches });
    if (url === '/api/batches/b1') return json(stored);
    return apiError(404, 'Not found');
  });
}

function renderTab(credits: number) {
  return renderAt(<BatchProcessor credits={credits} onCreditsChanged={() => undefined} />, {
    path: '/dashboard',
    queryClient: testQueryClient({ user: anUser }),
  });
}

const image = (name: string) => new File(['x'], name, { type: 'image/png' });

beforeEach(() => {
  resetToastSpy();
  // jsdom has no object URLs; the previews only need an address (each test file has its own globals).
  URL.createObjectURL = vi.fn(() => 'blob:preview');
  URL.revokeObjectURL = vi.fn();
});
afterEach(() => vi.unstubAllGlobals());

describe('the Batch tab', () => {
  it("says 'No images to process' and sends nothing when there is nothing to process", async () => {
    const calls = answer([]);
    renderTab(5);
    await userEvent.click(await screen.findByRole('button', { name: 'Add images to process' }));
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(batchTexts.noImages));
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses more images than credits with the spec text, before asking the server', async () => {
    const calls = answer([]);
    renderTab(1);
    const input = await screen.findByLabelText('Choose images for the batch');
    await userEvent.upload(input, [image('a.png'), image('b.png')]);
    expect(screen.getAllByTestId('batch-item')).toHaveLength(2);
    await userEvent.click(screen.getByRole('button', { name: 'Process 2 images' }));
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith(
        'Not enough credits. You need 2 credits but have 1',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toEqual([]);
  });

  it('refuses to hold more than 50 images', async () => {
    answer([]);
    renderTab(100);
    const input = await screen.findByLabelText('Choose images for the batch');
    const files = Array.from({ length: limits.batchMaxImages + 1 }, (_, i) => image(`${i}.png`));
    await userEvent.upload(input, files);
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(batchTexts.tooMany(50, 51)));
    expect(screen.queryAllByTestId('batch-item')).toHaveLength(0);
  });

  it('shows the stored batch after a reload, and the zip needs a completed image', async () => {
    answer([{ id: 'b1', createdAt: stored.createdAt, counts: stored.counts }]);
    renderTab(5);
    await waitFor(() => expect(screen.getAllByTestId('batch-item')).toHaveLength(2));
    const rows = screen.getAllByTestId('batch-item');
    expect(rows.map((r) => r.getAttribute('data-status'))).toEqual(['completed', 'error']);
    expect(rows[1]).toHaveTextContent('Please upload an image file');
    expect(screen.getByTestId('batch-summary')).toHaveTextContent('1 of 2 completed');
    // Only the failed one is left: the button says it will try it again.
    expect(screen.getByRole('button', { name: 'Retry 1 failed image' })).toBeInTheDocument();
  });

  it("answers 'No completed images to download' without asking the server", async () => {
    const calls = answer([]);
    renderTab(5);
    await userEvent.click(await screen.findByRole('button', { name: 'Download all (zip)' }));
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(batchTexts.noCompleted));
    expect(calls.some((c) => c.url.includes('/download'))).toBe(false);
  });

  it('follows the batch: the balance is read again as each image finishes, the button says what runs, a failed file shows a placeholder (issue 26)', async () => {
    const item = (id: string, name: string, status: 'processing' | 'completed' | 'error') => ({
      id,
      position: Number(id.slice(1)),
      originalName: name,
      status,
      progress: status === 'processing' ? 40 : status === 'completed' ? 100 : 0,
      error: status === 'error' ? 'Please upload an image file' : null,
      jobId: `j${id}`,
      original: `/api/jobs/j${id}/original`,
      result: null,
    });
    const running = (second: 'processing' | 'completed', third: 'processing' | 'error'): Batch => {
      const items = [
        item('i1', 'a.jpg', 'completed'),
        item('i2', 'b.jpg', second),
        item('i3', 'c.txt', third),
      ];
      const count = (status: string) => items.filter((i) => i.status === status).length;
      return {
        id: 'b2',
        createdAt: stored.createdAt,
        items,
        counts: {
          pending: 0,
          processing: count('processing'),
          completed: count('completed'),
          error: count('error'),
        },
      };
    };
    const answers = [
      running('processing', 'processing'),
      running('completed', 'processing'),
      running('completed', 'error'),
    ];
    let polls = 0;
    stubFetch(({ url }) => {
      if (url === '/api/batches') {
        return json({
          batches: [{ id: 'b2', createdAt: stored.createdAt, counts: answers[0]!.counts }],
        });
      }
      if (url === '/api/batches/b2') return json(answers[Math.min(polls++, answers.length - 1)]!);
      return apiError(404, 'Not found');
    });
    const onCreditsChanged = vi.fn();
    renderAt(<BatchProcessor credits={5} onCreditsChanged={onCreditsChanged} />, {
      path: '/dashboard',
      queryClient: testQueryClient({ user: anUser }),
    });
    // Two images on the server: the button says so and cannot start them again.
    const button = await screen.findByTestId('batch-process');
    await waitFor(() => expect(button).toHaveTextContent('Processing 2 images…'));
    expect(button).toBeDisabled();
    // b.jpg finishes while c.txt is still processing: the dashboard is told at once.
    await waitFor(() => expect(onCreditsChanged).toHaveBeenCalled(), { timeout: 5000 });
    await waitFor(() => expect(button).toHaveTextContent('Retry 1 failed image'), {
      timeout: 5000,
    });
    expect(onCreditsChanged.mock.calls.length).toBeGreaterThanOrEqual(2);
    const failed = screen.getAllByTestId('batch-item').find((row) => row.dataset.name === 'c.txt')!;
    // The stored original of a text file cannot be shown: the browser reports an error.
    failed.querySelector('img')?.dispatchEvent(new Event('error'));
    await waitFor(() =>
      expect(failed.querySelector('[data-testid="batch-placeholder"]')).not.toBeNull(),
    );
    expect(failed).toHaveTextContent('No preview');
  });
});
