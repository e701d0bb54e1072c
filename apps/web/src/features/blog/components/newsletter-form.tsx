import { newsletterTexts, simpleEmailPattern } from '@cutout/contracts';
import { CircleCheck, Mail } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { cn } from '../../../lib/cn';
import { errorMessage, toastError } from '../../../lib/error-toast';
import { loadToast } from '../../../lib/toast';
import { subscribeToNewsletter } from '../api/subscribe';

type State =
  | { kind: 'idle' }
  | { kind: 'sending' }
  | { kind: 'subscribed'; message: string }
  | { kind: 'failed'; message: string };

/** The address as the server will check it, or the message to show. No zod: this is a blog page. */
function checkEmail(value: string): string | undefined {
  const email = value.trim();
  if (email === '') return newsletterTexts.emailRequired;
  if (!simpleEmailPattern.test(email) || email.length > 254) return newsletterTexts.emailInvalid;
  return undefined;
}

/** The blog's e-mail box with its Subscribe button (spec §2 Blog), stored on the server. */
export function NewsletterForm({ className }: { className?: string }) {
  const id = useId();
  const [email, setEmail] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [state, setState] = useState<State>({ kind: 'idle' });
  const sending = state.kind === 'sending';

  async function onSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const problem = checkEmail(email);
    setFieldError(problem);
    if (problem) {
      document.getElementById(`${id}-email`)?.focus();
      return;
    }
    setState({ kind: 'sending' });
    try {
      const { message } = await subscribeToNewsletter({ email: email.trim() });
      setState({ kind: 'subscribed', message });
      setEmail('');
      void loadToast().then((toast) => toast.success(message));
    } catch (error) {
      if (error instanceof ApiError && error.fields?.email) setFieldError(error.fields.email);
      setState({ kind: 'failed', message: errorMessage(error, newsletterTexts.failed) });
      void toastError(error, { title: newsletterTexts.failed, fallback: newsletterTexts.failed });
    }
  }

  const describedBy = [fieldError ? `${id}-error` : null, `${id}-status`].filter(Boolean).join(' ');
  return (
    <section
      aria-labelledby={`${id}-heading`}
      className={cn(
        'rounded-2xl border bg-gradient-to-br from-primary/8 via-card to-card p-6 sm:p-8',
        className,
      )}
    >
      <div className="flex flex-col gap-6 md:flex-row md:items-center md:justify-between">
        <div className="max-w-md">
          <span className="mb-3 flex size-10 items-center justify-center rounded-xl bg-primary/10 text-primary">
            <Mail aria-hidden="true" className="size-5" />
          </span>
          <h2 id={`${id}-heading`} className="text-xl font-semibold tracking-tight">
            {newsletterTexts.heading}
          </h2>
          <p className="mt-2 text-sm text-pretty text-muted-foreground">{newsletterTexts.intro}</p>
        </div>
        <form noValidate onSubmit={(event) => void onSubmit(event)} className="w-full md:max-w-sm">
          <label htmlFor={`${id}-email`} className="sr-only">
            {newsletterTexts.emailLabel}
          </label>
          <div className="flex flex-col gap-2 sm:flex-row">
            <Input
              id={`${id}-email`}
              type="email"
              name="email"
              autoComplete="email"
              inputMode="email"
              placeholder={newsletterTexts.placeholder}
              value={email}
              onChange={(event) => {
                setEmail(event.target.value);
                if (fieldError) setFieldError(undefined);
              }}
              aria-invalid={fieldError ? true : undefined}
              aria-describedby={describedBy}
              className="h-10 sm:flex-1"
            />
            <Button type="submit" className="h-10" disabled={sending}>
              {sending ? (
                <>
                  <Spinner />
                  {newsletterTexts.subscribing}
                </>
              ) : (
                newsletterTexts.subscribe
              )}
            </Button>
          </div>
          {fieldError ? (
            <p id={`${id}-error`} className="mt-2 text-sm text-red-600 dark:text-red-400">
              {fieldError}
            </p>
          ) : null}
          <div id={`${id}-status`} role="status" className="text-sm">
            {state.kind === 'subscribed' ? (
              <p className="mt-2 flex items-start gap-2 text-emerald-700 dark:text-emerald-400">
                <CircleCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
                {state.message}
              </p>
            ) : null}
            {state.kind === 'failed' && !fieldError ? (
              <p className="mt-2 text-red-600 dark:text-red-400">
                {newsletterTexts.failed}: {state.message}
              </p>
            ) : null}
          </div>
        </form>
      </div>
    </section>
  );
}
