import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { databaseConfigTexts, databaseTexts } from '@cutout/contracts';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch, type Call } from '../../test/fetch';
import { anAdmin, renderAt, testQueryClient } from '../../test/render';
import { resetToastSpy, toastSpy } from '../../test/toast-mock';
import AdminDatabaseRoute from './admin-database';

vi.mock('../../lib/toast', async () => (await import('../../test/toast-mock')).toastModuleMock);

const disconnected = {
  isConnected: false,
  connectionId: null,
  connectionName: null,
  connectionInfo: null,
  stats: { activeConnections: 0, totalQueries: 0, averageResponseTime: 0 },
  error: null,
};

const saved = {
  id: 'c1',
  name: 'Shop',
  isActive: false,
  createdAt: '2026-11-23T10:00:00.000Z',
  lastUsed: null,
  config: {
    type: 'mysql',
    host: 'localhost',
    port: 3306,
    database: 'shop',
    username: 'root',
    password: '',
    hasPassword: false,
    ssl: false,
    allowWrites: false,
    allowServerAccess: false,
    connectionLimit: 10,
    timeout: 60000,
    charset: 'utf8mb4',
    timezone: 'UTC',
  },
};

function server(overrides: (call: Call) => Response | undefined = () => undefined) {
  return stubFetch((call) => {
    const answer = overrides(call);
    if (answer) return answer;
    if (call.url === '/api/auth/session') return json({ user: anAdmin });
    if (call.url === '/api/admin/database/connections' && call.method === 'GET') {
      return json({ connections: [] });
    }
    if (call.url === '/api/admin/database/status') return json(disconnected);
    return apiError(404, 'Not found');
  });
}

function renderPage() {
  return renderAt(<AdminDatabaseRoute />, {
    path: '/admin/database',
    queryClient: testQueryClient({ user: anAdmin }),
  });
}

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

describe('database management', () => {
  it('has the four tabs and the spec texts when nothing is connected', async () => {
    server();
    renderPage();
    expect(screen.getAllByRole('tab').map((tab) => tab.textContent)).toEqual([
      'Connections',
      'Status',
      'Query Editor',
      'Tables',
    ]);
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Status' }));
    expect(await screen.findByText(databaseTexts.noStatus)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Query Editor' }));
    expect(await screen.findByText(databaseTexts.noQuery)).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Tables' }));
    expect(await screen.findByText(databaseTexts.noTables)).toBeInTheDocument();
  });

  it('shows the dialog fields per type and checks §5 before sending', async () => {
    const calls = server((call) =>
      call.method === 'POST'
        ? json({ connection: saved, message: databaseTexts.connectionSaved }, 201)
        : undefined,
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Connection' }));
    const dialog = within(screen.getByTestId('connection-dialog'));
    const type = dialog.getByLabelText('Database Type');

    await user.selectOptions(type, 'sqlite');
    expect(dialog.queryByLabelText('Host')).toBeNull();
    expect(dialog.queryByLabelText('Password')).toBeNull();
    expect(dialog.getByLabelText('Connection Limit')).toHaveValue('1');
    expect(dialog.getByLabelText('Timeout (ms)')).toHaveValue('30000');
    await user.selectOptions(type, 'sqlserver');
    expect(dialog.getByLabelText('Port')).toHaveValue('1433');
    expect(dialog.getByRole('switch', { name: 'Use SSL' })).toBeInTheDocument();
    await user.selectOptions(type, 'mysql');
    expect(dialog.queryByRole('switch', { name: 'Use SSL' })).toBeNull();
    expect(dialog.getByLabelText('Charset')).toHaveValue('utf8mb4');

    await user.click(dialog.getByRole('button', { name: 'Save Connection' }));
    await waitFor(() => expect(toastSpy.error).toHaveBeenCalledWith(databaseTexts.nameRequired));
    await user.type(dialog.getByLabelText('Connection Name'), 'Shop');
    await user.clear(dialog.getByLabelText('Port'));
    await user.type(dialog.getByLabelText('Port'), '0');
    await user.click(dialog.getByRole('button', { name: 'Save Connection' }));
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith(
        'Configuration error: Port must be greater than 0, Database name is required, Username is required',
      ),
    );
    expect(calls.filter((c) => c.method === 'POST')).toHaveLength(0);

    await user.clear(dialog.getByLabelText('Port'));
    await user.type(dialog.getByLabelText('Port'), '3306');
    await user.type(dialog.getByLabelText('Database'), 'shop');
    await user.type(dialog.getByLabelText('Username'), 'root');
    await user.click(dialog.getByRole('button', { name: 'Save Connection' }));
    await waitFor(() =>
      expect(toastSpy.success).toHaveBeenCalledWith(databaseTexts.connectionSaved),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      name: 'Shop',
      config: {
        type: 'mysql',
        host: 'localhost',
        port: 3306,
        database: 'shop',
        username: 'root',
        allowWrites: false,
      },
    });
    // Much typing: over 5 s on a loaded machine (it timed out at 5.1 s under load 22).
  }, 20_000);

  it("has 'Allow writes' off by default and sends it when turned on", async () => {
    const calls = server((call) =>
      call.method === 'POST'
        ? json({ connection: saved, message: databaseTexts.connectionSaved }, 201)
        : undefined,
    );
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Add Connection' }));
    const dialog = within(screen.getByTestId('connection-dialog'));
    const allow = dialog.getByRole('switch', { name: 'Allow writes' });
    expect(allow).toHaveAttribute('aria-checked', 'false');
    expect(allow).toHaveAccessibleDescription(/Off: the console runs only statements that read/);
    await user.click(allow);
    expect(allow).toHaveAttribute('aria-checked', 'true');
    await user.type(dialog.getByLabelText('Connection Name'), 'Shop');
    await user.type(dialog.getByLabelText('Database'), 'shop');
    await user.type(dialog.getByLabelText('Username'), 'root');
    await user.click(dialog.getByRole('button', { name: 'Save Connection' }));
    await waitFor(() =>
      expect(toastSpy.success).toHaveBeenCalledWith(databaseTexts.connectionSaved),
    );
    expect(calls.find((c) => c.method === 'POST')?.body).toMatchObject({
      config: { allowWrites: true },
    });
  });

  it("offers 'Allow server files and programs' only with writes, and repeats a Test's warning about the user's rights (decision 0266)", async () => {
    const rights = ['the FILE privilege', 'the SUPER privilege'];
    const warning = `Connected to localhost:3306/shop in 1.00 ms. ${databaseConfigTexts.powerfulRole('root', rights)}`;
    const calls = server((call) => {
      if (call.url === '/api/admin/database/connections' && call.method === 'GET') {
        return json({ connections: [saved] });
      }
      if (call.url === '/api/admin/database/connections/c1/test') {
        return json({ success: true, roundTripMs: 1, message: warning, powerfulRights: rights });
      }
      if (call.method === 'PUT') {
        return json({ connection: saved, message: databaseTexts.connectionUpdated });
      }
      return undefined;
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Test' }));
    await waitFor(() =>
      expect(toastSpy.warning).toHaveBeenCalledWith('Connection successful', {
        description: warning,
      }),
    );
    await user.click(screen.getByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByTestId('connection-dialog'));
    expect(dialog.getByRole('note')).toHaveTextContent(
      databaseConfigTexts.powerfulRole('root', rights),
    );
    const reach = dialog.getByRole('switch', { name: 'Allow server files and programs' });
    expect(reach).toBeDisabled();
    expect(reach).toHaveAccessibleDescription(
      /refused before they run, even when writes are allowed/,
    );
    await user.click(dialog.getByRole('switch', { name: 'Allow writes' }));
    expect(reach).toBeEnabled();
    await user.click(reach);
    expect(reach).toHaveAttribute('aria-checked', 'true');
    await user.click(dialog.getByRole('button', { name: 'Update Connection' }));
    await waitFor(() => expect(calls.find((c) => c.method === 'PUT')).toBeDefined());
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      config: { allowWrites: true, allowServerAccess: true },
    });
  });

  it('shows a read as a grid with column headers beside the JSON, and asks before a write runs', async () => {
    const active = { ...saved, isActive: true, config: { ...saved.config, allowWrites: true } };
    const connected = {
      ...disconnected,
      isConnected: true,
      connectionId: 'c1',
      connectionName: 'Shop',
      connectionInfo: { type: 'mysql', host: 'localhost', port: 3306, database: 'shop' },
    };
    const base = {
      error: null,
      executionTime: 1.5,
      truncated: false,
      confirmationRequired: false,
    };
    const calls = server((call) => {
      if (call.url === '/api/admin/database/connections' && call.method === 'GET') {
        return json({ connections: [active] });
      }
      if (call.url === '/api/admin/database/status') return json(connected);
      if (call.url !== '/api/admin/database/query') return undefined;
      const body = call.body as { query: string; confirmWrite?: boolean };
      if (body.query.startsWith('select')) {
        return json({
          ...base,
          success: true,
          data: [
            { id: 1, email: 'a@x.io', note: null },
            { id: 2, email: 'b@x.io', note: 'vip' },
          ],
          columns: ['id', 'email', 'note'],
          rowsAffected: null,
          rowCount: 2,
          kind: 'read',
        });
      }
      return json(
        body.confirmWrite
          ? {
              ...base,
              success: true,
              data: [],
              columns: [],
              rowsAffected: 3,
              rowCount: 0,
              kind: 'write',
            }
          : {
              ...base,
              success: false,
              error: databaseConfigTexts.confirmWrite,
              data: [],
              columns: [],
              rowsAffected: null,
              rowCount: 0,
              kind: null,
              confirmationRequired: true,
            },
      );
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(screen.getByRole('tab', { name: 'Query Editor' }));
    expect(await screen.findByTestId('query-mode')).toHaveTextContent('Writes allowed');
    const editor = screen.getByRole('textbox', { name: 'Query Editor' });
    await user.type(editor, 'select id, email, note from customers');
    await user.click(screen.getByRole('button', { name: 'Execute Query' }));
    const result = within(await screen.findByTestId('query-result'));
    expect(result.getByText('2 rows')).toBeInTheDocument();
    expect(result.queryByText(/Rows affected/)).toBeNull();
    const grid = result.getByRole('table');
    expect(
      within(grid)
        .getAllByRole('columnheader')
        .map((h) => h.textContent),
    ).toEqual(['id', 'email', 'note']);
    expect(within(grid).getAllByRole('row')[1]).toHaveTextContent('1a@x.ioNULL');
    await user.click(result.getByRole('tab', { name: 'JSON' }));
    expect(result.getByText(/"email": "b@x.io"/)).toBeInTheDocument();

    // A write: asked first; nothing runs until the admin says yes.
    await user.clear(editor);
    await user.type(editor, "update customers set tier = 'pro'");
    await user.click(screen.getByRole('button', { name: 'Execute Query' }));
    const dialog = within(
      await screen.findByRole('dialog', { name: 'Run a statement that writes?' }),
    );
    expect(dialog.getByText("update customers set tier = 'pro'")).toBeInTheDocument();
    await user.click(dialog.getByRole('button', { name: 'Run Statement' }));
    await waitFor(() =>
      expect(
        within(screen.getByTestId('query-result')).getByText('Rows affected: 3'),
      ).toBeInTheDocument(),
    );
    const sent = calls.filter((c) => c.url === '/api/admin/database/query').map((c) => c.body);
    expect(sent).toEqual([
      { query: 'select id, email, note from customers' },
      { query: "update customers set tier = 'pro'" },
      { query: "update customers set tier = 'pro'", confirmWrite: true },
    ]);
  });

  it('asks for the saved password again when the connection is moved, and never shows it', async () => {
    const withPassword = {
      ...saved,
      config: { ...saved.config, password: '••••', hasPassword: true },
    };
    const calls = server((call) => {
      if (call.url === '/api/admin/database/connections' && call.method === 'GET') {
        return json({ connections: [withPassword] });
      }
      return call.method === 'PUT'
        ? json({ connection: withPassword, message: databaseTexts.connectionUpdated })
        : undefined;
    });
    renderPage();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Edit' }));
    const dialog = within(screen.getByTestId('connection-dialog'));
    const password = dialog.getByLabelText('Password');
    expect(password).toHaveValue('');
    expect(password).toHaveAccessibleDescription('A password is saved. Leave blank to keep it.');

    await user.clear(dialog.getByLabelText('Port'));
    await user.type(dialog.getByLabelText('Port'), '3307');
    expect(password).toHaveAccessibleDescription(databaseConfigTexts.reenterPassword);
    await user.click(dialog.getByRole('button', { name: 'Update Connection' }));
    await waitFor(() => expect(password).toHaveAttribute('aria-invalid', 'true'));
    expect(calls.filter((c) => c.method === 'PUT')).toHaveLength(0);

    await user.type(password, 'the-password');
    await user.click(dialog.getByRole('button', { name: 'Update Connection' }));
    await waitFor(() =>
      expect(toastSpy.success).toHaveBeenCalledWith(databaseTexts.connectionUpdated),
    );
    expect(calls.find((c) => c.method === 'PUT')?.body).toMatchObject({
      config: { port: 3307, password: 'the-password' },
    });
  });
});
