import { accountDeletionStatement, leavingTexts, paths, usersApi } from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, stubFetch } from '../../../test/fetch';
import { anUser, renderAt, testQueryClient } from '../../../test/render';
import { resetToastSpy, toastSpy } from '../../../test/toast-mock';
import { LeavingSection } from './leaving-section';

vi.mock(
  '../../../lib/toast',
  async () => (await import('../../../test/toast-mock')).toastModuleMock,
);

// The settings card's dialog and the privacy policy say the same thing: the contracts'
// accountDeletionStatement, which the server's deletion test checks line by line (decision 0270).

const statementLines = [...accountDeletionStatement.erasedNow, ...accountDeletionStatement.kept];

describe('LeavingSection', () => {
  beforeEach(resetToastSpy);
  afterEach(() => vi.unstubAllGlobals());

  it('Delete my account: the dialog shows the statement; a wrong password stays; the right one goes home', async () => {
    const user = userEvent.setup();
    const calls = stubFetch(({ body }) =>
      (body as { password: string }).password === 'right password'
        ? new Response(null, { status: 204 })
        : apiError(400, leavingTexts.wrongPassword, { password: leavingTexts.wrongPassword }),
    );
    const { router } = renderAt(<LeavingSection />, {
      path: paths.dashboardSettings,
      queryClient: testQueryClient({ user: anUser }),
      routes: [{ path: paths.home, element: <p>home page</p> }],
    });
    await user.click(screen.getByRole('button', { name: leavingTexts.delete }));
    const dialog = await screen.findByRole('dialog', { name: leavingTexts.dialogTitle });
    expect(
      within(dialog)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(statementLines);

    await user.type(within(dialog).getByLabelText(leavingTexts.passwordLabel), 'wrong');
    await user.click(within(dialog).getByRole('button', { name: leavingTexts.confirm }));
    expect(
      await within(dialog).findByText(leavingTexts.wrongPassword, { selector: 'p' }),
    ).toBeVisible();
    expect(router.state.location.pathname).toBe(paths.dashboardSettings);

    const field = within(dialog).getByLabelText(leavingTexts.passwordLabel);
    await user.clear(field);
    await user.type(field, 'right password');
    await user.click(within(dialog).getByRole('button', { name: leavingTexts.confirm }));
    await waitFor(() => expect(router.state.location.pathname).toBe(paths.home));
    expect(calls.map((c) => [c.method, c.url])).toEqual([
      ['DELETE', usersApi.deleteMe.path],
      ['DELETE', usersApi.deleteMe.path],
    ]);
    await waitFor(() => expect(toastSpy.success).toHaveBeenCalledWith(leavingTexts.deleted));
  }, 20_000);

  it('Download my data: a refusal is shown, not saved as a file', async () => {
    const user = userEvent.setup();
    stubFetch(() => apiError(429, leavingTexts.exportTooOften));
    renderAt(<LeavingSection />, { queryClient: testQueryClient({ user: anUser }) });
    await user.click(screen.getByRole('button', { name: leavingTexts.download }));
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(leavingTexts.exportTooOften));
  });
});
