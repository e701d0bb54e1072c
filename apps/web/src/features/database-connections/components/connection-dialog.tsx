import {
  databaseConfigTexts,
  databaseDefaults,
  databaseDestination,
  databaseFieldsFor,
  databaseTexts,
  databaseTypeLabels,
  databaseTypes,
  validateDatabaseConfig,
  type DatabaseConnectionView,
  type DatabaseType,
} from '@cutout/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { useId, useState, type FormEvent } from 'react';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { createConnection, databaseQueryKey, updateConnection } from '../api/database-connections';
import { databaseUiTexts } from '../texts';

const texts = databaseUiTexts.dialog;

interface FormState {
  name: string;
  type: DatabaseType;
  host: string;
  port: string;
  database: string;
  username: string;
  password: string;
  ssl: boolean;
  allowWrites: boolean;
  allowServerAccess: boolean;
  connectionLimit: string;
  timeout: string;
  charset: string;
  timezone: string;
}

function defaultsFor(
  type: DatabaseType,
): Pick<FormState, 'port' | 'connectionLimit' | 'timeout' | 'charset'> {
  return {
    port: type === 'sqlite' ? '' : String(databaseDefaults.port[type]),
    connectionLimit: String(databaseDefaults.connectionLimit[type]),
    timeout: String(databaseDefaults.timeoutMs[type]),
    charset: databaseDefaults.charset[type],
  };
}

function initialState(connection: DatabaseConnectionView | undefined): FormState {
  if (!connection) {
    return {
      name: '',
      type: 'mysql',
      host: 'localhost',
      database: '',
      username: '',
      password: '',
      ssl: false,
      allowWrites: false,
      allowServerAccess: false,
      timezone: databaseDefaults.timezone,
      ...defaultsFor('mysql'),
    };
  }
  const c = connection.config;
  return {
    name: connection.name,
    type: c.type,
    host: c.host,
    port: c.type === 'sqlite' ? '' : String(c.port),
    database: c.database,
    username: c.username,
    password: '',
    ssl: c.ssl,
    allowWrites: c.allowWrites,
    allowServerAccess: c.allowServerAccess,
    connectionLimit: String(c.connectionLimit),
    timeout: String(c.timeout),
    charset: c.charset,
    timezone: c.timezone,
  };
}

/** '' → null (the type's default); anything else as a number (NaN is refused as not numeric). */
const numberOrNull = (value: string) => (value.trim() === '' ? null : Number(value));

/** The settings as the server takes them. */
function configOf(form: FormState) {
  return {
    type: form.type,
    host: form.host,
    port: numberOrNull(form.port),
    database: form.database,
    username: form.username,
    password: form.password,
    ssl: form.ssl,
    allowWrites: form.allowWrites,
    // Never without writes (the server ignores it then too).
    allowServerAccess: form.allowWrites && form.allowServerAccess,
    connectionLimit: numberOrNull(form.connectionLimit),
    timeout: numberOrNull(form.timeout),
    charset: form.charset,
    timezone: form.timezone,
  };
}

/** The connection dialog (spec §2): fields shown and hidden per type, §5 checks before sending. */
export function ConnectionDialog({
  open,
  onOpenChange,
  connection,
  powerfulRights = [],
}: {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  connection?: DatabaseConnectionView | undefined;
  /** What the last Test of this connection found about its user's rights (decision 0266). */
  powerfulRights?: readonly string[];
}) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent className="max-h-[calc(100dvh-2rem)] max-w-lg overflow-y-auto">
        {open ? (
          <ConnectionForm
            key={connection?.id ?? 'new'}
            connection={connection}
            powerfulRights={powerfulRights}
            onDone={() => onOpenChange(false)}
          />
        ) : null}
      </DialogContent>
    </Dialog>
  );
}

function ConnectionForm({
  connection,
  powerfulRights,
  onDone,
}: {
  connection: DatabaseConnectionView | undefined;
  powerfulRights: readonly string[];
  onDone: () => void;
}) {
  const queryClient = useQueryClient();
  const [form, setForm] = useState<FormState>(() => initialState(connection));
  const [saving, setSaving] = useState(false);
  const [passwordError, setPasswordError] = useState<string | undefined>();
  const fields = databaseFieldsFor(form.type);
  const set = <K extends keyof FormState>(key: K, value: FormState[K]) =>
    setForm((f) => ({ ...f, [key]: value }));
  // A saved password goes only where it was saved for (decision 0134): moving the connection
  // (type, host, port, database, SSL) needs it typed again.
  const now = validateDatabaseConfig(configOf(form));
  const passwordNeeded =
    connection?.config.hasPassword === true &&
    fields.credentials &&
    form.password === '' &&
    now.ok &&
    databaseDestination(now.config) !== databaseDestination(connection.config);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    const toast = loadToast();
    if (form.name.trim() === '') {
      void toast.then((t) => t.error(databaseTexts.nameRequired));
      return;
    }
    const config = configOf(form);
    const checked = validateDatabaseConfig(config);
    if (!checked.ok) {
      void toast.then((t) => t.error(databaseTexts.configurationError(checked.errors)));
      return;
    }
    if (passwordNeeded) {
      setPasswordError(databaseConfigTexts.reenterPassword);
      return;
    }
    setSaving(true);
    try {
      const body = { name: form.name, config };
      const { message } = connection
        ? await updateConnection(connection.id, body)
        : await createConnection(body);
      await queryClient.invalidateQueries({ queryKey: databaseQueryKey });
      void toast.then((t) => t.success(message));
      onDone();
    } catch (error) {
      if (error instanceof ApiError && error.fields?.password) {
        setPasswordError(error.fields.password);
      }
      void toastError(error, { title: databaseUiTexts.connections.saveFailed });
    } finally {
      setSaving(false);
    }
  };

  const selectClass =
    'flex h-10 w-full rounded-lg border border-border bg-background px-3 text-sm shadow-xs outline-none focus-visible:border-ring focus-visible:ring-3 focus-visible:ring-ring/25';

  return (
    <form noValidate onSubmit={(e) => void onSubmit(e)} data-testid="connection-dialog">
      <DialogTitle>{connection ? texts.editTitle : texts.addTitle}</DialogTitle>
      <DialogDescription>{texts.description}</DialogDescription>
      <div className="mt-5 grid gap-4 sm:grid-cols-2">
        <FormField label={texts.name} className="sm:col-span-2">
          {(control) => (
            <Input
              {...control}
              name="name"
              value={form.name}
              onChange={(e) => set('name', e.target.value)}
            />
          )}
        </FormField>
        <FormField label={texts.type} className="sm:col-span-2">
          {(control) => (
            <select
              {...control}
              name="type"
              className={selectClass}
              value={form.type}
              onChange={(e) => {
                const type = e.target.value as DatabaseType;
                setForm((f) => ({ ...f, type, ...defaultsFor(type) }));
              }}
            >
              {databaseTypes.map((type) => (
                <option key={type} value={type}>
                  {databaseTypeLabels[type]}
                </option>
              ))}
            </select>
          )}
        </FormField>
        {fields.hostAndPort ? (
          <>
            <FormField label={texts.host}>
              {(control) => (
                <Input
                  {...control}
                  name="host"
                  value={form.host}
                  onChange={(e) => set('host', e.target.value)}
                />
              )}
            </FormField>
            <FormField label={texts.port}>
              {(control) => (
                <Input
                  {...control}
                  name="port"
                  inputMode="numeric"
                  placeholder={String(databaseDefaults.portPlaceholder)}
                  value={form.port}
                  onChange={(e) => set('port', e.target.value)}
                />
              )}
            </FormField>
          </>
        ) : null}
        <FormField
          label={form.type === 'sqlite' ? texts.sqliteDatabase : texts.database}
          hint={form.type === 'sqlite' ? texts.sqliteHint : undefined}
          className="sm:col-span-2"
        >
          {(control) => (
            <Input
              {...control}
              name="database"
              value={form.database}
              onChange={(e) => set('database', e.target.value)}
            />
          )}
        </FormField>
        {fields.credentials ? (
          <>
            <FormField
              label={texts.username}
              hint={fields.credentialsOptional ? texts.mongoHint : undefined}
            >
              {(control) => (
                <Input
                  {...control}
                  name="username"
                  autoComplete="off"
                  value={form.username}
                  onChange={(e) => set('username', e.target.value)}
                />
              )}
            </FormField>
            <FormField
              label={texts.password}
              error={passwordError}
              hint={
                passwordNeeded
                  ? databaseConfigTexts.reenterPassword
                  : connection?.config.hasPassword
                    ? texts.keepPassword
                    : undefined
              }
            >
              {(control) => (
                <Input
                  {...control}
                  name="password"
                  type="password"
                  autoComplete="new-password"
                  value={form.password}
                  onChange={(e) => {
                    set('password', e.target.value);
                    setPasswordError(undefined);
                  }}
                />
              )}
            </FormField>
          </>
        ) : null}
        {fields.ssl ? (
          <Switch
            label={texts.ssl}
            checked={form.ssl}
            onChange={(on) => set('ssl', on)}
            className="sm:col-span-2"
          />
        ) : null}
        <Switch
          label={texts.allowWrites}
          hint={texts.allowWritesHint}
          checked={form.allowWrites}
          onChange={(on) => set('allowWrites', on)}
          className="sm:col-span-2"
        />
        <Switch
          label={texts.allowServerAccess}
          hint={texts.allowServerAccessHint}
          checked={form.allowWrites && form.allowServerAccess}
          disabled={!form.allowWrites}
          onChange={(on) => set('allowServerAccess', on)}
          className="sm:col-span-2"
        />
        {powerfulRights.length > 0 ? (
          <div
            role="note"
            className="rounded-lg bg-amber-500/10 p-3 text-sm text-amber-800 ring-1 ring-amber-500/30 ring-inset sm:col-span-2 dark:text-amber-300"
          >
            <p className="font-medium">{texts.powerfulRoleTitle}</p>
            <p className="mt-1">
              {databaseConfigTexts.powerfulRole(form.username, powerfulRights)}
            </p>
          </div>
        ) : null}
        <FormField label={texts.connectionLimit}>
          {(control) => (
            <Input
              {...control}
              name="connectionLimit"
              inputMode="numeric"
              value={form.connectionLimit}
              onChange={(e) => set('connectionLimit', e.target.value)}
            />
          )}
        </FormField>
        <FormField label={texts.timeout}>
          {(control) => (
            <Input
              {...control}
              name="timeout"
              inputMode="numeric"
              value={form.timeout}
              onChange={(e) => set('timeout', e.target.value)}
            />
          )}
        </FormField>
        <FormField label={texts.charset}>
          {(control) => (
            <Input
              {...control}
              name="charset"
              value={form.charset}
              onChange={(e) => set('charset', e.target.value)}
            />
          )}
        </FormField>
        <FormField label={texts.timezone}>
          {(control) => (
            <Input
              {...control}
              name="timezone"
              value={form.timezone}
              onChange={(e) => set('timezone', e.target.value)}
            />
          )}
        </FormField>
      </div>
      <FormDialogFooter
        busy={saving}
        cancelLabel={texts.cancel}
        submitLabel={connection ? texts.update : texts.save}
        busyLabel={texts.saving}
      />
    </form>
  );
}

/** An on/off switch with its label (and a line saying what it does). */
function Switch({
  label,
  hint,
  checked,
  onChange,
  className,
  disabled = false,
}: {
  label: string;
  hint?: string;
  checked: boolean;
  onChange: (on: boolean) => void;
  className?: string;
  disabled?: boolean;
}) {
  const hintId = useId();
  return (
    <div className={cn('flex items-start gap-3', className)}>
      <button
        type="button"
        role="switch"
        aria-checked={checked}
        aria-label={label}
        aria-describedby={hint ? hintId : undefined}
        disabled={disabled}
        onClick={() => onChange(!checked)}
        className={cn(
          'relative mt-0.5 inline-flex h-6 w-11 shrink-0 items-center rounded-full transition-colors focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none disabled:cursor-not-allowed disabled:opacity-50',
          checked ? 'bg-primary' : 'bg-muted-foreground/30',
        )}
      >
        <span
          className={cn(
            'inline-block size-5 rounded-full bg-background shadow transition-transform',
            checked ? 'translate-x-5' : 'translate-x-0.5',
          )}
        />
      </button>
      <div className="grid gap-0.5">
        <span className="text-sm font-medium">{label}</span>
        {hint ? (
          <span id={hintId} className="text-xs text-muted-foreground">
            {hint}
          </span>
        ) : null}
      </div>
    </div>
  );
}
