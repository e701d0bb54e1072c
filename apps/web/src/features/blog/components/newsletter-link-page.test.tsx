import { newsletterLinkTexts as t } from '@cutout/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { NewsletterLinkPage } from './newsletter-link-page';

afterEach(() => vi.unstubAllGlobals());

describe('/newsletter, from the mailed links', () => {
  it('confirms only on a click, with the token of the link', async () => {
    const calls = stubFetch(() => json({ message: t.confirmed }));
    renderAt(<NewsletterLinkPage />, { path: '/newsletter?confirm=tok_123' });
    expect(screen.getByRole('heading', { name: t.confirmHeading })).toBeInTheDocument();
    // Opening the page (as a mail scanner would) sends nothing.
    expect(calls).toEqual([]);
    await userEvent.setup().click(screen.getByRole('button', { name: t.confirmButton }));
    expect(await screen.findByRole('status')).toHaveTextContent(t.confirmed);
    expect(calls.map((c) => [c.url, c.body])).toEqual([
      ['/api/newsletter/confirm', { token: 'tok_123' }],
    ]);
  });

  it('unsubscribes on a click, and shows the refusal of a stale link', async () => {
    const calls = stubFetch(() => apiError(400, t.invalidLink, { token: t.invalidLink }));
    renderAt(<NewsletterLinkPage />, { path: '/newsletter?unsubscribe=old' });
    expect(screen.getByRole('heading', { name: t.unsubscribeHeading })).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: t.unsubscribeButton }));
    expect(await screen.findByText(t.invalidLink)).toBeInTheDocument();
    expect(calls.map((c) => c.url)).toEqual(['/api/newsletter/unsubscribe']);
    // It can be tried again.
    expect(screen.getByRole('button', { name: t.unsubscribeButton })).toBeEnabled();
  });

  it('without a link says where to go instead', () => {
    renderAt(<NewsletterLinkPage />, { path: '/newsletter' });
    expect(screen.getByText(t.noLink)).toBeInTheDocument();
    expect(screen.queryByRole('button')).toBeNull();
    expect(screen.getByRole('link', { name: t.toBlog })).toHaveAttribute('href', '/blog');
  });
});
