import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../../test/fetch';
import { renderAt } from '../../../test/render';
import { resetToastSpy, toastSpy } from '../../../test/toast-mock';
import { ContactForm } from './contact-form';

vi.mock(
  '../../../lib/toast',
  async () => (await import('../../../test/toast-mock')).toastModuleMock,
);

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

const sendButton = () => screen.getByRole('button', { name: /Send Message|Sending/ });

async function fill(
  user: ReturnType<typeof userEvent.setup>,
  values: Partial<Record<'Name' | 'Email' | 'Subject' | 'Message', string>> = {},
) {
  const all = {
    Name: 'Grace Hopper',
    Email: 'grace@example.com',
    Subject: 'Batch question',
    Message: 'How many images per batch?',
    ...values,
  };
  for (const [label, value] of Object.entries(all)) {
    const field = screen.getByLabelText(label);
    await user.clear(field);
    if (value) await user.type(field, value);
  }
}

describe('contact form', () => {
  it('keeps Send disabled while any field is blank after trimming', async () => {
    stubFetch(() => json({}));
    renderAt(<ContactForm />);
    const user = userEvent.setup();
    expect(sendButton()).toBeDisabled();
    await fill(user, { Subject: '     ' });
    expect(sendButton()).toBeDisabled();
    await user.type(screen.getByLabelText('Subject'), 'Hello there');
    expect(sendButton()).toBeEnabled();
    await user.clear(screen.getByLabelText('Name'));
    expect(sendButton()).toBeDisabled();
  });

  it('counts the message characters against 2000', async () => {
    renderAt(<ContactForm />);
    const user = userEvent.setup();
    expect(screen.getByText('0/2000')).toBeInTheDocument();
    await user.type(screen.getByLabelText('Message'), 'Hello world!');
    expect(screen.getByText('12/2000')).toBeInTheDocument();
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('12/2000');
  });

  it("shows each field's rule and 'Invalid form data' without sending", async () => {
    const calls = stubFetch(() => json({}));
    renderAt(<ContactForm />);
    const user = userEvent.setup();
    await fill(user, { Name: 'G', Email: 'grace@example', Subject: 'Hi', Message: 'Short' });
    await user.click(sendButton());
    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Please enter a valid email address')).toBeInTheDocument();
    expect(screen.getByText('Subject must be at least 5 characters')).toBeInTheDocument();
    expect(screen.getByText('Message must be at least 10 characters')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Invalid form data', {
        description: 'Please fill in all required fields correctly',
      }),
    );
    expect(calls).toEqual([]);
  });

  it("sends, says 'Message Sent Successfully!' and clears the form", async () => {
    let release: () => void = () => undefined;
    const calls = stubFetch(
      () =>
        new Promise<Response>((resolve) => {
          release = () => resolve(json({ id: 'm1', message: 'Message Sent Successfully!' }, 201));
        }),
    );
    renderAt(<ContactForm />);
    const user = userEvent.setup();
    await fill(user, { Name: '  Grace Hopper ' });
    await user.click(sendButton());

    expect(await screen.findByRole('button', { name: 'Sending...' })).toBeDisabled();
    release();
    expect(await screen.findByText('Message Sent Successfully!')).toBeInTheDocument();
    expect(screen.getByText('Thank you. We will reply to grace@example.com.')).toBeInTheDocument();
    await vi.waitFor(() =>
      expect(toastSpy.success).toHaveBeenCalledWith('Message Sent Successfully!'),
    );
    for (const label of ['Name', 'Email', 'Subject', 'Message']) {
      expect(screen.getByLabelText(label)).toHaveValue('');
    }
    expect(sendButton()).toBeDisabled();
    expect(calls).toHaveLength(1);
    expect(calls[0]).toMatchObject({
      method: 'POST',
      url: '/api/contact',
      body: {
        name: 'Grace Hopper',
        email: 'grace@example.com',
        subject: 'Batch question',
        message: 'How many images per batch?',
        timestamp: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
        userAgent: navigator.userAgent,
      },
    });
    expect((calls[0]?.body as Record<string, unknown>).ip).toBeUndefined();
  });

  it("puts the server's field messages under the fields", async () => {
    stubFetch(() =>
      apiError(
        400,
        'Please fill in all required fields correctly',
        { subject: 'Subject must be at most 200 characters' },
        'validation_failed',
      ),
    );
    renderAt(<ContactForm />);
    const user = userEvent.setup();
    await fill(user);
    await user.click(sendButton());
    expect(await screen.findByText('Subject must be at most 200 characters')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Invalid form data');
    expect(screen.queryByText('Message Sent Successfully!')).toBeNull();
    expect(screen.getByLabelText('Name')).toHaveValue('Grace Hopper');
  });

  it("answers a rate limit with 'Unable to send message at this time'", async () => {
    stubFetch(() => apiError(429, 'Too many requests. Please try again in 540 seconds.'));
    renderAt(<ContactForm />);
    const user = userEvent.setup();
    await fill(user);
    await user.click(sendButton());
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Unable to send message at this time', {
        description: 'Too many requests. Please try again in 540 seconds.',
      }),
    );
    expect(screen.getByRole('alert')).toHaveTextContent('Unable to send message at this time');
    expect(toastSpy.success).not.toHaveBeenCalled();
  });

  it("says 'Failed to Send Message' with the reason when the server fails", async () => {
    stubFetch(() => apiError(500, 'Something went wrong on our side. Please try again.'));
    renderAt(<ContactForm />);
    const user = userEvent.setup();
    await fill(user);
    await user.click(sendButton());
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Failed to Send Message', {
        description: 'Something went wrong on our side. Please try again.',
      }),
    );
    expect(screen.getByLabelText('Message')).toHaveValue('How many images per batch?');
  });

  it('never reports success when the server cannot be reached', async () => {
    vi.stubGlobal(
      'fetch',
      vi.fn(() => Promise.reject(new TypeError('Failed to fetch'))),
    );
    renderAt(<ContactForm />);
    const user = userEvent.setup();
    await fill(user);
    await user.click(sendButton());
    await vi.waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith('Failed to Send Message', {
        description: 'Something went wrong, try later or contact by e-mail',
      }),
    );
    expect(screen.queryByText('Message Sent Successfully!')).toBeNull();
    expect(toastSpy.success).not.toHaveBeenCalled();
  });
});
