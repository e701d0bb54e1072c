import { render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

type Values = { email: string; remember: boolean };

// A fresh module each time: the library, once loaded, stays loaded for the page's life.
async function renderExample() {
  const { LazyFormLibrary, useForm } = await import('./lazy-form');
  const submitted: Values[] = [];
  function Example() {
    const form = useForm<Values>({ defaultValues: { email: '', remember: true } });
    const onSubmit = form.handleSubmit((values) => {
      submitted.push(values);
    });
    return (
      <form noValidate onSubmit={(event) => void onSubmit(event)}>
        <label>
          Email
          <input type="email" {...form.register('email')} />
        </label>
        <label>
          <input type="checkbox" {...form.register('remember')} />
          Remember me
        </label>
        <button type="submit">Send</button>
      </form>
    );
  }
  render(
    <LazyFormLibrary>
      <Example />
    </LazyFormLibrary>,
  );
  return submitted;
}

describe('LazyFormLibrary', () => {
  beforeEach(() => {
    vi.resetModules();
  });

  it('keeps what was typed and the focus when react-hook-form takes over from the stand-in', async () => {
    const submitted = await renderExample();
    const user = userEvent.setup();
    const standIn = screen.getByLabelText('Email');
    expect(screen.getByLabelText('Remember me')).toBeChecked(); // the default, in the DOM
    await user.type(standIn, 'jane@');
    // Focusing the field loaded the library: the form was rendered again with it.
    await waitFor(() => expect(screen.getByLabelText('Email')).not.toBe(standIn));
    const email = screen.getByLabelText('Email');
    expect(email).toHaveFocus();
    await user.keyboard('example.com');
    expect(email).toHaveValue('jane@example.com');
    await user.click(screen.getByLabelText('Remember me'));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() =>
      expect(submitted).toEqual([{ email: 'jane@example.com', remember: false }]),
    );
  });

  it('sends a submit pressed before the library arrived once it is there', async () => {
    const submitted = await renderExample();
    await userEvent.click(screen.getByRole('button', { name: 'Send' }));
    await waitFor(() => expect(submitted).toEqual([{ email: '', remember: true }]));
  });
});
