import type { WebhookEvent } from '@cutout/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { json, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { resetToastSpy, toastSpy } from '../../../test/toast-mock';
import { WebhookEvents } from './webhook-events';

vi.mock(
  '../../../lib/toast',
  async () => (await import('../../../test/toast-mock')).toastModuleMock,
);

const event = (over: Partial<WebhookEvent>): WebhookEvent => ({
  id: 'ev-1',
  provider: 'lemonsqueezy',
  eventName: 'order_created',
  providerOrderId: '9001',
  headers: {},
  body: '{}',
  signatureValid: true,
  outcome: 'credited',
  detail: 'Credited 100 credits',
  replayOf: null,
  receivedAt: '2026-11-26T10:00:00.000Z',
  ...over,
});

const events = [
  event({}),
  event({
    id: 'ev-2',
    providerOrderId: null,
    signatureValid: false,
    outcome: 'invalid_signature',
    detail: 'The signature does not match',
  }),
  event({
    id: 'ev-3',
    providerOrderId: '9002',
    outcome: 'failed',
    detail: 'Could not be applied.',
  }),
];

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

describe('webhook events on /admin/subscriptions', () => {
  it('lists every webhook with its signature and outcome, and applies a failed one again', async () => {
    const calls = stubFetch(({ method, url }) =>
      method === 'POST'
        ? json(event({ id: 'ev-4', outcome: 'credited', replayOf: 'ev-3' }))
        : json({ events: url.includes('outcome=failed') ? [events[2]] : events, total: 3 }),
    );
    renderAt(<WebhookEvents />);
    const rows = await screen.findAllByTestId('webhook-event-row');
    expect(screen.getByTestId('webhook-events-heading')).toHaveTextContent('(3)');
    expect(rows.map((r) => r.dataset.outcome)).toEqual(['credited', 'invalid_signature', 'failed']);
    expect(within(rows[1]!).getByText('Invalid')).toBeInTheDocument();
    // Only the failed one, with a valid signature, can be applied again.
    expect(within(rows[0]!).queryByRole('button')).toBeNull();
    expect(within(rows[1]!).queryByRole('button')).toBeNull();

    const user = userEvent.setup();
    await user.click(
      within(rows[2]!).getByRole('button', { name: 'Apply webhook order_created again' }),
    );
    await vi.waitFor(() =>
      expect(toastSpy.success).toHaveBeenCalledWith('Applied again: credited'),
    );
    expect(calls.filter((c) => c.method === 'POST').map((c) => c.url)).toEqual([
      '/api/admin/webhook-events/ev-3/replay',
    ]);

    // The outcome filter asks the server for that outcome only.
    await user.click(screen.getByRole('button', { name: 'Outcome: All outcomes' }));
    await user.click(await screen.findByRole('menuitemradio', { name: 'failed' }));
    await vi.waitFor(() =>
      expect(calls.some((c) => c.method === 'GET' && c.url.includes('outcome=failed'))).toBe(true),
    );
  });
});
