import { newsletterTexts } from '@cutout/contracts';
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { resetToastSpy, toastSpy } from '../../../test/toast-mock';
import { NewsletterForm } from './newsletter-form';

vi.mock(
  '../../../lib/toast',
  async () => (await import('../../../test/toast-mock')).toastModuleMock,
);

const confirmation = newsletterTexts.subscribed;

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

describe('newsletter box', () => {
  it('subscribes, and subscribing again shows the same confirmation', async () => {
    let n = 0;
    const calls = stubFetch(() => json({ message: confirmation }, n++ === 0 ? 201 : 200));
    renderAt(<NewsletterForm />);
    const user = userEvent.setup();
    for (let i = 0; i < 2; i++) {
      await user.type(screen.getByLabelText('Email address'), ' Reader@Example.com ');
      await user.click(screen.getByRole('button', { name: 'Subscribe' }));
      expect(await screen.findByText(confirmation)).toBeInTheDocument();
      expect(screen.getByLabelText('Email address')).toHaveValue('');
    }
    expect(calls.map((c) => c.body)).toEqual([
      { email: 'Reader@Example.com' },
      { email: 'Reader@Example.com' },
    ]);
    expect(toastSpy.success).toHaveBeenCalledTimes(2);
    expect(toastSpy.success).toHaveBeenCalledWith(confirmation);
  });

  it('checks the address before sending', async () => {
    const calls = stubFetch(() => json({ message: confirmation }, 201));
    renderAt(<NewsletterForm />);
    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Email address'), 'reader@example');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByLabelText('Email address')).toHaveAttribute('aria-invalid', 'true');
    expect(calls).toEqual([]);
  });

  it("shows the server's refusal, not a confirmation", async () => {
    stubFetch(() => apiError(429, 'Too many requests. Please try again in 3000 seconds.'));
    renderAt(<NewsletterForm />);
    const user = userEvent.setup();
    await user.type(screen.getByLabelText('Email address'), 'reader@example.com');
    await user.click(screen.getByRole('button', { name: 'Subscribe' }));
    expect(
      await screen.findByText(
        'Could not subscribe: Too many requests. Please try again in 3000 seconds.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByText(confirmation)).toBeNull();
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Could not subscribe', {
        description: 'Too many requests. Please try again in 3000 seconds.',
      }),
    );
  });
});
