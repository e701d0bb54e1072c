import {
  integrationFields,
  integrationTexts,
  pageTexts,
  paymentProviderChoices,
  type IntegrationFieldView,
  type IntegrationKey,
  type IntegrationSection,
  type IntegrationsSaveBody,
  type IntegrationsView,
} from '@cutout/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CheckCircle2, CreditCard, Globe, Lock, Mail, ShieldCheck, XCircle } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';
import { SettingsSection } from '../../../components/settings-section';
import { ErrorAlert } from '../../../components/ui/alert';
import { Badge } from '../../../components/ui/badge';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Select } from '../../../components/ui/select';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import {
  checkPaymentProvider,
  integrationsQueryOptions,
  saveIntegrations,
  sendTestEmail,
} from '../api/integrations';
import { adminSettingsTexts } from '../texts';

// Admin → Integration settings (issue 14): one card per outside service. Fields the environment
// sets are read-only with the variable named; secrets are never shown, only whether they are set
// (never a character of them), and are sent only when the admin types a new one.

const texts = integrationTexts;
const ui = adminSettingsTexts.integrations;

type Draft = Partial<Record<IntegrationKey, string | boolean>>;

const sectionOrder: { id: IntegrationSection; icon: ReactNode; description: string }[] = [
  { id: 'general', icon: <Globe aria-hidden="true" className="size-4" />, description: ui.general },
  {
    id: 'payments',
    icon: <CreditCard aria-hidden="true" className="size-4" />,
    description: ui.payments,
  },
  { id: 'smtp', icon: <Mail aria-hidden="true" className="size-4" />, description: ui.smtp },
  {
    id: 'turnstile',
    icon: <ShieldCheck aria-hidden="true" className="size-4" />,
    description: ui.turnstile,
  },
];

const providerLabels: Record<(typeof paymentProviderChoices)[number], string> = {
  sandbox: ui.providerSandbox,
  lemonsqueezy: 'Lemon Squeezy',
  none: ui.providerNone,
};

/** What the form shows for a field: its value as text (secrets start empty). */
function initialDraft(view: IntegrationsView): Draft {
  const draft: Draft = {};
  for (const f of view.fields) {
    if (f.secret) draft[f.key] = '';
    else if (typeof f.value === 'boolean') draft[f.key] = f.value;
    else draft[f.key] = f.value === null ? '' : String(f.value);
  }
  return draft;
}

/** Only what changed: untouched fields stay as they are on the server. */
function changes(
  view: IntegrationsView,
  draft: Draft,
  clear: Set<IntegrationKey>,
): IntegrationsSaveBody {
  const body: Record<string, unknown> = {};
  for (const f of view.fields) {
    if (f.source === 'env' || clear.has(f.key)) continue;
    const value = draft[f.key];
    if (f.secret) {
      if (typeof value === 'string' && value !== '') body[f.key] = value;
      continue;
    }
    const current =
      typeof f.value === 'boolean' ? f.value : f.value === null ? '' : String(f.value);
    if (value === current) continue;
    if (f.key === 'smtpPort') body[f.key] = value === '' ? null : Number(value);
    else body[f.key] = value;
  }
  if (clear.size > 0) body.clear = [...clear];
  return body;
}

function SourceBadge({ field }: { field: IntegrationFieldView }) {
  if (field.source === 'env') {
    return (
      <Badge variant="primary" data-testid={`source-${field.key}`}>
        <Lock aria-hidden="true" className="size-3" />
        {texts.sources.env}
      </Badge>
    );
  }
  return (
    <Badge
      variant={field.source === 'stored' ? 'soft' : 'outline'}
      data-testid={`source-${field.key}`}
    >
      {texts.sources[field.source]}
    </Badge>
  );
}

function SecretStatus({ field, clearing }: { field: IntegrationFieldView; clearing: boolean }) {
  if (clearing) return <span className="text-amber-700 dark:text-amber-400">{ui.willClear}</span>;
  return field.isSet ? (
    <span data-testid={`secret-${field.key}`}>
      {texts.secretSet} <span className="font-mono">{String(field.value ?? '')}</span>
    </span>
  ) : (
    <span data-testid={`secret-${field.key}`}>{texts.secretNotSet}</span>
  );
}

function Field({
  field,
  draft,
  setDraft,
  clearing,
  toggleClear,
  error,
}: {
  field: IntegrationFieldView;
  draft: Draft;
  setDraft: (key: IntegrationKey, value: string | boolean) => void;
  clearing: boolean;
  toggleClear: (key: IntegrationKey) => void;
  error: string | undefined;
}) {
  const meta = integrationFields[field.key];
  const locked = field.source === 'env';
  const value = draft[field.key];
  const hint = locked ? texts.envNote(field.envVar) : meta.hint;

  if (meta.kind === 'boolean') {
    return (
      <div className="grid gap-2 sm:col-span-2">
        <div className="flex flex-wrap items-center gap-2.5">
          <label className="flex w-fit cursor-pointer items-center gap-2.5 text-sm select-none">
            <input
              type="checkbox"
              name={field.key}
              className="size-4 rounded border-border accent-primary"
              checked={value === true}
              disabled={locked}
              onChange={(e) => setDraft(field.key, e.target.checked)}
            />
            {meta.label}
          </label>
          <SourceBadge field={field} />
        </div>
        {hint ? <p className="text-xs text-muted-foreground">{hint}</p> : null}
        {error ? <p className="text-sm text-red-600 dark:text-red-400">{error}</p> : null}
      </div>
    );
  }

  const aside = (
    <span className="flex items-center gap-2 text-xs text-muted-foreground">
      {meta.kind === 'secret' ? <SecretStatus field={field} clearing={clearing} /> : null}
      <SourceBadge field={field} />
    </span>
  );

  return (
    <FormField
      label={meta.label}
      labelAside={aside}
      hint={hint}
      error={error}
      className={meta.kind === 'url' ? 'sm:col-span-2' : undefined}
    >
      {(control) =>
        meta.kind === 'choice' ? (
          <Select
            {...control}
            name={field.key}
            value={String(value ?? '')}
            disabled={locked}
            onChange={(e) => setDraft(field.key, e.target.value)}
          >
            {paymentProviderChoices.map((choice) => (
              <option key={choice} value={choice}>
                {providerLabels[choice]}
              </option>
            ))}
          </Select>
        ) : meta.kind === 'secret' ? (
          <div className="flex gap-2">
            <Input
              {...control}
              name={field.key}
              type="password"
              autoComplete="new-password"
              readOnly={locked}
              disabled={clearing}
              placeholder={
                locked ? String(field.value ?? '') : field.isSet ? ui.keepSecret : ui.enterSecret
              }
              value={locked ? '' : String(value ?? '')}
              onChange={(e) => setDraft(field.key, e.target.value)}
            />
            {field.source === 'stored' ? (
              <Button
                type="button"
                variant={clearing ? 'secondary' : 'outline'}
                aria-pressed={clearing}
                aria-label={`${texts.clear} ${meta.label}`}
                onClick={() => toggleClear(field.key)}
              >
                {clearing ? ui.undoClear : texts.clear}
              </Button>
            ) : null}
          </div>
        ) : (
          <Input
            {...control}
            name={field.key}
            type={meta.kind === 'number' ? 'number' : meta.kind === 'url' ? 'url' : 'text'}
            inputMode={meta.kind === 'number' ? 'numeric' : undefined}
            readOnly={locked}
            className={locked ? 'bg-muted text-muted-foreground' : undefined}
            value={String(value ?? '')}
            onChange={(e) => setDraft(field.key, e.target.value)}
          />
        )
      }
    </FormField>
  );
}

function CheckResult({
  result,
  testId,
}: {
  result: { ok: boolean; message: string };
  testId: string;
}) {
  return (
    <p
      role="status"
      data-testid={testId}
      className={
        result.ok
          ? 'flex items-start gap-2 rounded-lg bg-emerald-500/10 p-3 text-sm text-emerald-800 dark:text-emerald-300'
          : 'flex items-start gap-2 rounded-lg bg-red-500/10 p-3 text-sm text-red-700 dark:text-red-300'
      }
    >
      {result.ok ? (
        <CheckCircle2 aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      ) : (
        <XCircle aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
      )}
      <span className="min-w-0 break-words">{result.message}</span>
    </p>
  );
}

function CheckButton({
  label,
  run,
  testId,
}: {
  label: string;
  run: () => Promise<{ ok: boolean; message: string }>;
  testId: string;
}) {
  const check = useMutation({
    mutationFn: run,
    onSuccess: (result) =>
      void loadToast().then((toast) =>
        result.ok ? toast.success(result.message) : toast.error(result.message),
      ),
    onError: (error) => void toastError(error, { fallback: ui.checkFailed }),
  });
  return (
    <div className="mt-5 grid gap-3 border-t border-border pt-5">
      <Button
        type="button"
        variant="outline"
        className="w-fit"
        disabled={check.isPending}
        onClick={() => check.mutate()}
      >
        {check.isPending ? <Spinner /> : null}
        {label}
      </Button>
      {check.data ? <CheckResult result={check.data} testId={testId} /> : null}
    </div>
  );
}

export function IntegrationSettings() {
  const query = useQuery(integrationsQueryOptions);
  if (query.isPending) {
    return (
      <div className="flex items-center gap-2 py-10 text-muted-foreground">
        <Spinner /> {ui.loading}
      </div>
    );
  }
  if (query.isError) return <ErrorAlert className="mt-8">{ui.loadFailed}</ErrorAlert>;
  // A new answer from the server (after a save) starts the form again from it.
  return <IntegrationForm key={query.dataUpdatedAt} view={query.data} />;
}

function IntegrationForm({ view }: { view: IntegrationsView }) {
  const queryClient = useQueryClient();
  const [draft, setDraftState] = useState<Draft>(() => initialDraft(view));
  const [clear, setClear] = useState<Set<IntegrationKey>>(() => new Set());
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [saving, setSaving] = useState(false);

  const setDraft = (key: IntegrationKey, value: string | boolean) => {
    setDraftState((d) => ({ ...d, [key]: value }));
    setErrors((e) => {
      const { [key]: _dropped, ...rest } = e;
      return rest;
    });
  };
  const toggleClear = (key: IntegrationKey) =>
    setClear((c) => {
      const next = new Set(c);
      if (next.has(key)) next.delete(key);
      else next.add(key);
      return next;
    });

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setSaving(true);
    try {
      const { settings, message } = await saveIntegrations(changes(view, draft, clear));
      queryClient.setQueryData(integrationsQueryOptions.queryKey, settings);
      setErrors({});
      void loadToast().then((toast) => toast.success(message));
    } catch (error) {
      if (error instanceof ApiError && error.fields) setErrors({ ...error.fields });
      void toastError(error, { title: ui.saveFailed, fallback: ui.saveFailed });
    } finally {
      setSaving(false);
    }
  };

  return (
    <form
      onSubmit={(e) => void onSubmit(e)}
      noValidate
      className="mt-8 grid gap-6"
      aria-label={pageTexts.adminIntegrationSettings.title}
    >
      {view.problems.length > 0 ? (
        <ErrorAlert>
          {view.problems.map((p) => (
            <p key={p}>{p}</p>
          ))}
        </ErrorAlert>
      ) : null}
      {sectionOrder.map((section) => (
        <SettingsSection
          key={section.id}
          title={texts.sections[section.id]}
          description={section.description}
        >
          <div className="grid gap-5 sm:grid-cols-2">
            {view.fields
              .filter((f) => integrationFields[f.key].section === section.id)
              .map((f) => (
                <Field
                  key={f.key}
                  field={f}
                  draft={draft}
                  setDraft={setDraft}
                  clearing={clear.has(f.key)}
                  toggleClear={toggleClear}
                  error={errors[f.key]}
                />
              ))}
          </div>
          {section.id === 'general' ? (
            <p className="mt-4 text-xs text-muted-foreground">{texts.restartNote}</p>
          ) : null}
          {section.id === 'smtp' ? (
            <>
              <p className="mt-4 text-xs text-muted-foreground" data-testid="mail-transport">
                {view.mailTransport === 'smtp' ? ui.transportSmtp : ui.transportOutbox}
              </p>
              <CheckButton
                label={texts.sendTestEmail}
                run={sendTestEmail}
                testId="test-email-result"
              />
            </>
          ) : null}
          {section.id === 'payments' ? (
            <CheckButton
              label={texts.checkPaymentProvider}
              run={checkPaymentProvider}
              testId="payment-check-result"
            />
          ) : null}
        </SettingsSection>
      ))}
      <div className="sticky bottom-0 -mx-4 flex justify-end border-t border-border bg-background px-4 py-3 sm:static sm:mx-0 sm:border-0 sm:bg-transparent sm:p-0">
        <Button type="submit" disabled={saving}>
          {saving ? <Spinner /> : null}
          {saving ? ui.saving : texts.save}
        </Button>
      </div>
    </form>
  );
}
