import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { databaseBackupTexts, databaseTexts } from '@cutout/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch, type Call } from '../../test/fetch';
import { anAdmin, renderAt, testQueryClient } from '../../test/render';
import { resetToastSpy, toastSpy } from '../../test/toast-mock';
import AdminDatabaseRoute from './admin-database';

// Admin → Database, the Backup and Restore card (decision 0269): the dump downloads, Restore
// asks for the file and the database name, and the server's 'Backup failed' / 'Restore failed'
// messages are shown where the admin looks.

vi.mock('../../lib/toast', async () => (await import('../../test/toast-mock')).toastModuleMock);

const connection = (allowWrites: boolean) => ({
  id: 'c1',
  name: 'Shop',
  isActive: true,
  createdAt: '2026-11-23T10:00:00.000Z',
  lastUsed: null,
  config: {
    type: 'sqlite',
    host: '',
    port: 0,
    database: 'shop.db',
    username: '',
    password: '',
    hasPassword: false,
    ssl: false,
    allowWrites,
    allowServerAccess: false,
    connectionLimit: 1,
    timeout: 30000,
    charset: 'utf8',
    timezone: 'UTC',
  },
});

const connected = {
  isConnected: true,
  connectionId: 'c1',
  connectionName: 'Shop',
  connectionInfo: { type: 'sqlite', host: '', port: 0, database: 'shop.db' },
  stats: { activeConnections: 1, totalQueries: 0, averageResponseTime: 1 },
  error: null,
};

function server(allowWrites: boolean, overrides: (call: Call) => Response | undefined) {
  return stubFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    if (call.url === '/api/auth/session') return json({ user: anAdmin });
    if (call.url === '/api/admin/database/connections') {
      return json({ connections: [connection(allowWrites)] });
    }
    if (call.url === '/api/admin/database/status') return json(connected);
    return apiError(404, 'Not found');
  });
}

async function openCard() {
  renderAt(<AdminDatabaseRoute />, {
    path: '/admin/database',
    queryClient: testQueryClient({ user: anAdmin }),
  });
  const user = userEvent.setup();
  await user.click(screen.getByRole('tab', { name: 'Status' }));
  const card = within(await screen.findByTestId('database-backup'));
  await card.findByText('File: SQLite database file.');
  return { user, card };
}

let saved: string[] = [];
beforeEach(() => {
  resetToastSpy();
  saved = [];
  vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (
    this: HTMLAnchorElement,
  ) {
    saved.push(this.download);
  });
  vi.stubGlobal(
    'URL',
    Object.assign(URL, { createObjectURL: () => 'blob:x', revokeObjectURL: () => undefined }),
  );
});
afterEach(() => {
  vi.unstubAllGlobals();
  vi.restoreAllMocks();
});

describe('database Backup and Restore', () => {
  it('downloads the dump, and shows Backup failed with the reason', async () => {
    let fail = false;
    const calls = server(false, (call) => {
      if (call.url !== '/api/admin/database/backup') return undefined;
      if (fail) return apiError(422, `${databaseTexts.backupFailed}: the disk is full`);
      return new Response('SQLite format 3\0', {
        headers: {
          'Content-Type': 'application/vnd.sqlite3',
          'Content-Disposition': 'attachment; filename="shop-2026-11-28T23-00-00Z.sqlite"',
        },
      });
    });
    const { user, card } = await openCard();
    // Read-only: Restore is off, and says why.
    expect(card.getByText(/Restore needs a connection that allows writes/)).toBeInTheDocument();
    expect(card.getByRole('button', { name: 'Restore' })).toBeDisabled();

    await user.click(card.getByRole('button', { name: 'Backup' }));
    await waitFor(() =>
      expect(toastSpy.success).toHaveBeenCalledWith(
        'Backup downloaded: shop-2026-11-28T23-00-00Z.sqlite',
      ),
    );
    expect(saved).toEqual(['shop-2026-11-28T23-00-00Z.sqlite']);
    expect(calls.filter((c) => c.url === '/api/admin/database/backup')).toHaveLength(1);
    expect(calls.find((c) => c.url === '/api/admin/database/backup')?.method).toBe('POST');

    fail = true;
    await user.click(card.getByRole('button', { name: 'Backup' }));
    expect(await card.findByRole('alert')).toHaveTextContent(
      `${databaseTexts.backupFailed}: the disk is full`,
    );
  }, 30_000);

  it('restores only with a file and the database name typed, and shows Restore failed', async () => {
    let answer: Response = apiError(
      400,
      `${databaseTexts.restoreFailed}: This file is not a SQLite database file, so nothing was restored.`,
    );
    server(true, (call) => (call.url === '/api/admin/database/restore' ? answer : undefined));
    const { user, card } = await openCard();
    await user.click(card.getByRole('button', { name: 'Restore' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Restore this database?' }));
    const submit = dialog.getByRole('button', { name: 'Restore' });
    expect(submit).toBeDisabled();
    const file = new File(['SQLite format 3\0'], 'shop.sqlite');
    await user.upload(dialog.getByLabelText('Backup file'), file);
    await user.type(dialog.getByLabelText('Type shop.db to confirm'), 'shop');
    expect(submit).toBeDisabled();
    await user.type(dialog.getByLabelText('Type shop.db to confirm'), '.db');
    expect(submit).toBeEnabled();

    await user.click(submit);
    expect(await dialog.findByRole('alert')).toHaveTextContent(
      `${databaseTexts.restoreFailed}: This file is not a SQLite database file`,
    );
    const sent = vi
      .mocked(fetch)
      .mock.calls.find(([url]) => url === '/api/admin/database/restore')?.[1]?.body as FormData;
    expect(sent.get('confirmation')).toBe('shop.db');
    expect((sent.get('file') as File).name).toBe('shop.sqlite');

    answer = json({ message: databaseBackupTexts.restored('shop.db') });
    await user.click(submit);
    await waitFor(() =>
      expect(toastSpy.success).toHaveBeenCalledWith(databaseBackupTexts.restored('shop.db')),
    );
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  }, 30_000);
});
