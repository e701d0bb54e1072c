import { contactTexts, limits, type ContactFormValues } from '@cutout/contracts';
import { CircleCheck } from 'lucide-react';
import { useState } from 'react';
import type { FieldPath } from 'react-hook-form';
import { LazyFormLibrary, useForm, useWatch } from '../../../lib/lazy-form';
import type { contactFormSchema } from '@cutout/contracts/schemas/contact';
import type { z } from 'zod';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { Textarea } from '../../../components/ui/textarea';
import { ApiError, NetworkError, TimeoutError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { loadToast } from '../../../lib/toast';
import { sendContactMessage } from '../api/send-contact-message';
import { contactUiTexts } from '../texts';

type Outcome =
  | { kind: 'none' }
  | { kind: 'sent'; email: string }
  | { kind: 'failed'; title: string; description: string };

const fieldNames = [
  'name',
  'email',
  'subject',
  'message',
] as const satisfies readonly FieldPath<ContactFormValues>[];
const empty: ContactFormValues = { name: '', email: '', subject: '', message: '' };

/** The spec's failure texts (§8 Contact) for what went wrong; never a success that was not. */
export function failureOf(error: unknown): { title: string; description: string } {
  if (error instanceof ApiError) {
    if (error.status === 400) {
      return {
        title: contactTexts.invalidFormData,
        description: error.message || contactTexts.fillAllFields,
      };
    }
    if (error.status === 429) {
      return { title: contactTexts.unableToSend, description: error.message };
    }
    return {
      title: contactTexts.sendFailedTitle,
      description: error.message || contactTexts.sendFailedFallback,
    };
  }
  if (error instanceof NetworkError || error instanceof TimeoutError) {
    return { title: contactTexts.sendFailedTitle, description: contactTexts.somethingWentWrong };
  }
  return { title: contactTexts.sendFailedTitle, description: contactTexts.sendFailedFallback };
}

const validation = lazyZodResolver<ContactFormValues, z.output<typeof contactFormSchema>>(() =>
  import('@cutout/contracts/schemas/contact').then((schemas) => schemas.contactFormSchema),
);

/**
 * The contact form (spec §2 Contact, §5 rules): idle, sending, then sent (form cleared) or failed.
 * Submit is disabled while sending and while any field is blank after trimming.
 */
export function ContactForm() {
  return (
    <LazyFormLibrary>
      <ContactFormFields />
    </LazyFormLibrary>
  );
}

/** Inside <LazyFormLibrary>: react-hook-form loads when a field is first focused. */
function ContactFormFields() {
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'none' });
  const form = useForm<ContactFormValues, unknown, z.output<typeof contactFormSchema>>({
    resolver: validation.resolver,
    defaultValues: empty,
  });
  const { errors, isSubmitting } = form.formState;
  const values = useWatch({ control: form.control });
  const anyBlank = fieldNames.some((name) => (values[name] ?? '').trim() === '');
  const messageLength = (values.message ?? '').length;
  const tooLong = messageLength > limits.contact.message.max;

  const onSubmit = form.handleSubmit(
    async (message) => {
      setOutcome({ kind: 'none' });
      try {
        await sendContactMessage({
          ...message,
          timestamp: new Date().toISOString(),
          userAgent: navigator.userAgent,
        });
        form.reset(empty);
        setOutcome({ kind: 'sent', email: message.email });
        void loadToast().then((toast) => toast.success(contactTexts.sent));
      } catch (error) {
        if (error instanceof ApiError && error.fields) {
          let first = true;
          for (const name of fieldNames) {
            const text = error.fields[name];
            if (text === undefined) continue;
            form.setError(name, { type: 'server', message: text }, { shouldFocus: first });
            first = false;
          }
        }
        const failure = failureOf(error);
        setOutcome({ kind: 'failed', ...failure });
        void loadToast().then((toast) =>
          toast.error(failure.title, { description: failure.description }),
        );
      }
    },
    () => {
      setOutcome({ kind: 'none' });
      void loadToast().then((toast) =>
        toast.error(contactTexts.invalidFormData, { description: contactTexts.fillAllFields }),
      );
    },
  );

  const t = contactUiTexts;
  return (
    <form
      noValidate
      onFocus={validation.preload}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-5"
    >
      <div className="grid gap-5 sm:grid-cols-2">
        <FormField label={t.fields.name} error={errors.name?.message}>
          {(control) => (
            <Input
              {...control}
              autoComplete="name"
              placeholder={t.placeholders.name}
              {...form.register('name')}
            />
          )}
        </FormField>
        <FormField label={t.fields.email} error={errors.email?.message}>
          {(control) => (
            <Input
              {...control}
              type="email"
              autoComplete="email"
              inputMode="email"
              placeholder={t.placeholders.email}
              {...form.register('email')}
            />
          )}
        </FormField>
      </div>
      <FormField label={t.fields.subject} error={errors.subject?.message}>
        {(control) => (
          <Input {...control} placeholder={t.placeholders.subject} {...form.register('subject')} />
        )}
      </FormField>
      <FormField
        label={t.fields.message}
        error={errors.message?.message}
        labelAside={
          <span
            id="contact-message-counter"
            className={cn(
              'text-xs tabular-nums',
              tooLong ? 'font-medium text-red-600 dark:text-red-400' : 'text-muted-foreground',
            )}
          >
            {t.counter(messageLength)}
          </span>
        }
      >
        {(control) => (
          <Textarea
            {...control}
            aria-describedby={[control['aria-describedby'], 'contact-message-counter']
              .filter(Boolean)
              .join(' ')}
            rows={6}
            placeholder={t.placeholders.message}
            {...form.register('message')}
          />
        )}
      </FormField>

      <div aria-live="polite" className="empty:hidden">
        {outcome.kind === 'sent' ? (
          <div
            role="status"
            className="flex items-start gap-2.5 rounded-lg border border-emerald-500/30 bg-emerald-500/8 px-3.5 py-3 text-sm text-emerald-800 dark:text-emerald-300"
          >
            <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            <div>
              <p className="font-medium">{contactTexts.sent}</p>
              <p className="mt-0.5">{t.sentDetail(outcome.email)}</p>
            </div>
          </div>
        ) : null}
        {outcome.kind === 'failed' ? (
          <ErrorAlert>
            <p className="font-medium">{outcome.title}</p>
            <p className="mt-0.5">{outcome.description}</p>
          </ErrorAlert>
        ) : null}
      </div>

      <Button
        type="submit"
        size="lg"
        className="w-full sm:w-auto sm:justify-self-start"
        disabled={isSubmitting || anyBlank}
      >
        {isSubmitting ? (
          <>
            <Spinner />
            {t.sending}
          </>
        ) : (
          t.submit
        )}
      </Button>
    </form>
  );
}
