import { zodResolver } from '@hookform/resolvers/zod';
import {
  apiKeyTexts,
  createApiKeyBodySchema,
  paths,
  type ApiKey,
  type CreateApiKeyBody,
  type CreatedApiKey,
} from '@cutout/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { Check, Copy, KeyRound } from 'lucide-react';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link } from 'react-router';
import type { z } from 'zod';
import { SettingsSection } from '../../../components/settings-section';
import { Button } from '../../../components/ui/button';
import {
  Dialog,
  DialogContent,
  DialogDescription,
  DialogTitle,
} from '../../../components/ui/dialog';
import { FormDialogFooter } from '../../../components/ui/form-dialog-footer';
import { FormField } from '../../../components/ui/form-field';
import { HorizontalScroll } from '../../../components/ui/horizontal-scroll';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { formatDate } from '../../../lib/format-date';
import { apiKeysQueryKey, createApiKey, revokeApiKey, useApiKeys } from '../api/api-keys';
import { apiKeysUiTexts as texts } from '../texts';

/** The key just created: shown in full this once, with a copy button. */
function NewKey({ created, onDone }: { created: CreatedApiKey; onDone: () => void }) {
  const [copied, setCopied] = useState(false);
  async function copy() {
    try {
      await navigator.clipboard.writeText(created.key);
    } catch {
      const toast = await loadToast();
      toast.error(texts.copyFailed);
      return;
    }
    setCopied(true);
    void loadToast().then((toast) => toast.success(apiKeyTexts.copied));
  }
  return (
    <div
      role="region"
      aria-label={texts.newKeyTitle(created.name)}
      className="grid gap-3 rounded-xl border border-primary/30 bg-primary/5 p-4"
    >
      <p className="text-sm font-medium">{texts.newKeyTitle(created.name)}</p>
      <p className="text-sm text-muted-foreground">{apiKeyTexts.created}</p>
      <div className="flex flex-col gap-2 sm:flex-row">
        <Input
          readOnly
          aria-label={texts.newKeyLabel}
          value={created.key}
          className="font-mono text-[13px]"
          onFocus={(event) => event.currentTarget.select()}
        />
        <Button type="button" variant="outline" onClick={() => void copy()}>
          {copied ? <Check aria-hidden="true" /> : <Copy aria-hidden="true" />}
          {copied ? texts.copied : texts.copy}
        </Button>
      </div>
      <div>
        <Button type="button" variant="quiet" size="sm" onClick={onDone}>
          {texts.done}
        </Button>
      </div>
    </div>
  );
}

function RevokeButton({ apiKey }: { apiKey: ApiKey }) {
  const [open, setOpen] = useState(false);
  const [pending, setPending] = useState(false);
  const queryClient = useQueryClient();
  async function revoke() {
    setPending(true);
    try {
      await revokeApiKey(apiKey.id);
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
      setOpen(false);
      void loadToast().then((toast) => toast.success(apiKeyTexts.revoked));
    } catch (error) {
      void toastError(error, { fallback: texts.revokeFailed });
    } finally {
      setPending(false);
    }
  }
  return (
    <Dialog open={open} onOpenChange={(next) => !pending && setOpen(next)}>
      <Button variant="outline" size="sm" onClick={() => setOpen(true)}>
        {texts.revoke}
        <span className="sr-only"> {apiKey.name}</span>
      </Button>
      <DialogContent>
        <DialogTitle>{texts.revokeTitle(apiKey.name)}</DialogTitle>
        <DialogDescription>{texts.revokeDescription}</DialogDescription>
        <FormDialogFooter
          busy={pending}
          cancelLabel={texts.cancel}
          submitLabel={texts.revokeConfirm}
          busyLabel={texts.revoking}
          variant="destructive"
          onConfirm={() => void revoke()}
        />
      </DialogContent>
    </Dialog>
  );
}

function KeyList({ keys }: { keys: ApiKey[] }) {
  if (keys.length === 0) return <p className="text-sm text-muted-foreground">{texts.empty}</p>;
  const c = texts.columns;
  return (
    <HorizontalScroll label={texts.title}>
      <table className="w-full text-left text-sm">
        <thead className="border-b border-border text-xs text-muted-foreground">
          <tr>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {c.name}
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {c.key}
            </th>
            <th scope="col" className="hidden py-2 pr-4 font-semibold sm:table-cell">
              {c.created}
            </th>
            <th scope="col" className="py-2 pr-4 font-semibold">
              {c.lastUsed}
            </th>
            <th scope="col" className="py-2 text-right font-semibold">
              <span className="sr-only">{c.actions}</span>
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {keys.map((key) => (
            <tr key={key.id}>
              <th scope="row" className="py-2.5 pr-4 font-medium">
                {key.name}
              </th>
              <td className="py-2.5 pr-4 font-mono text-[13px] whitespace-nowrap">{key.prefix}…</td>
              <td className="hidden py-2.5 pr-4 whitespace-nowrap text-muted-foreground sm:table-cell">
                {formatDate(key.createdAt, 'long')}
              </td>
              <td className="py-2.5 pr-4 whitespace-nowrap text-muted-foreground">
                {key.lastUsedAt ? formatDate(key.lastUsedAt, 'long') : texts.never}
              </td>
              <td className="py-2.5 text-right">
                <RevokeButton apiKey={key} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </HorizontalScroll>
  );
}

/** /dashboard/settings API keys: create with a name (shown once), list, revoke. */
export function ApiKeysSection() {
  const keys = useApiKeys();
  const queryClient = useQueryClient();
  const [created, setCreated] = useState<CreatedApiKey | null>(null);
  const form = useForm<CreateApiKeyBody, unknown, z.output<typeof createApiKeyBodySchema>>({
    resolver: zodResolver(createApiKeyBodySchema),
    defaultValues: { name: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const key = await createApiKey(values);
      setCreated(key);
      form.reset();
      await queryClient.invalidateQueries({ queryKey: apiKeysQueryKey });
    } catch (error) {
      void toastError(error, { fallback: texts.createFailed });
    }
  });

  return (
    <SettingsSection title={texts.title} description={texts.description}>
      <div className="grid grid-cols-[minmax(0,1fr)] gap-6">
        <form
          noValidate
          onSubmit={(event) => void onSubmit(event)}
          className="flex max-w-xl flex-col gap-3 sm:flex-row sm:items-start"
        >
          <FormField label={texts.name} error={errors.name?.message} className="flex-1">
            {(control) => (
              <Input {...control} placeholder={texts.namePlaceholder} {...form.register('name')} />
            )}
          </FormField>
          <Button type="submit" className="sm:mt-6" disabled={isSubmitting}>
            {isSubmitting ? (
              <>
                <Spinner />
                {texts.creating}
              </>
            ) : (
              <>
                <KeyRound aria-hidden="true" />
                {texts.create}
              </>
            )}
          </Button>
        </form>
        {created ? <NewKey created={created} onDone={() => setCreated(null)} /> : null}
        {keys.isError ? (
          <p className="text-sm text-red-600 dark:text-red-400">{texts.loadFailed}</p>
        ) : keys.data ? (
          <KeyList keys={keys.data.keys} />
        ) : (
          <Spinner />
        )}
        <p className="text-sm text-muted-foreground">
          <Link
            className="font-medium text-primary underline-offset-4 hover:underline"
            to={paths.api}
          >
            {texts.docsLink}
          </Link>
        </p>
      </div>
    </SettingsSection>
  );
}
