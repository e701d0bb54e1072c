import { authTexts, paths, resetTexts, type ForgotPasswordBody } from '@cutout/contracts';
import { ArrowLeft, KeyRound, MailCheck } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { LazyFormLibrary, useForm } from '../../../lib/lazy-form';
import { Link } from 'react-router';
import type { forgotPasswordBodySchema } from '@cutout/contracts/schemas/accounts';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/error-toast';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { loadToast } from '../../../lib/toast';
import { requestPasswordReset } from '../api/forgot-password';
import { applyFieldErrors } from '../../../lib/form-errors';
import { authUiTexts } from '../texts';
import { EmailField } from './email-field';
import { AuthCard, authLinkClass } from './auth-card';

/** The 'Check Your Email' view: the generic reply, whether or not the account exists. */
function CheckYourEmail({ reply, onTryAnother }: { reply: string; onTryAnother: () => void }) {
  const heading = useRef<HTMLHeadingElement>(null);
  // Move focus to the new view so a screen reader announces it.
  useEffect(() => heading.current?.focus(), []);
  return (
    <div className="relative flex flex-1 items-start justify-center px-4 py-12 sm:items-center sm:py-20">
      <div className="w-full max-w-md rounded-2xl border bg-card p-6 text-center shadow-lg shadow-black/[0.03] sm:p-8 dark:shadow-black/30">
        <span className="mx-auto mb-4 flex size-11 items-center justify-center rounded-xl bg-emerald-500/12 text-emerald-600 dark:text-emerald-400">
          <MailCheck aria-hidden="true" className="size-5" />
        </span>
        <h1
          ref={heading}
          tabIndex={-1}
          className="text-2xl font-semibold tracking-tight outline-none"
        >
          {authTexts.checkYourEmail}
        </h1>
        <p className="mt-3 text-sm text-pretty text-muted-foreground">{reply}</p>
        <p className="mt-2 text-sm text-pretty text-muted-foreground">
          {authUiTexts.forgot.expiry}
        </p>
        <div className="mt-7 grid gap-2">
          <Button variant="outline" size="lg" onClick={onTryAnother}>
            {authTexts.tryAnotherEmail}
          </Button>
          <Button asChild variant="ghost" size="lg">
            <Link to={paths.signIn}>
              <ArrowLeft aria-hidden="true" />
              {authTexts.backToSignIn}
            </Link>
          </Button>
        </div>
      </div>
    </div>
  );
}

const validation = lazyZodResolver<ForgotPasswordBody, z.output<typeof forgotPasswordBodySchema>>(
  () =>
    import('@cutout/contracts/schemas/accounts').then(
      (schemas) => schemas.forgotPasswordBodySchema,
    ),
);

/** Forgot password (spec §2): email, then the 'Check Your Email' view. */
export function ForgotPasswordPage() {
  return (
    <LazyFormLibrary>
      <ForgotPasswordPageFields />
    </LazyFormLibrary>
  );
}

/** Inside <LazyFormLibrary>: react-hook-form loads when a field is first focused. */
function ForgotPasswordPageFields() {
  const [sent, setSent] = useState<{ reply: string } | null>(null);
  const form = useForm<ForgotPasswordBody, unknown, z.output<typeof forgotPasswordBodySchema>>({
    resolver: validation.resolver,
    defaultValues: { email: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { message } = await requestPasswordReset(values);
      setSent({ reply: message || authTexts.forgotPasswordReply });
      void loadToast().then((toast) => toast.success(resetTexts.linkSent));
    } catch (error) {
      applyFieldErrors(error, form.setError, ['email']);
      // The server's words, or 'Please try again.' when it was not reached (decision 0040).
      void toastError(error instanceof ApiError ? error : undefined, {
        title: resetTexts.failedToSend,
        fallback: resetTexts.failedToSendFallback,
      });
    }
  });

  if (sent) {
    return (
      <CheckYourEmail
        reply={sent.reply}
        onTryAnother={() => {
          setSent(null);
          form.reset({ email: '' });
        }}
      />
    );
  }

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" />}
      title={authUiTexts.forgot.heading}
      description={authUiTexts.forgot.intro}
      footer={
        <>
          {authUiTexts.forgot.remembered}{' '}
          <Link to={paths.signIn} className={authLinkClass}>
            {authTexts.backToSignIn}
          </Link>
        </>
      }
    >
      <form
        noValidate
        onFocus={validation.preload}
        onSubmit={(event) => void onSubmit(event)}
        className="grid gap-5"
      >
        <EmailField register={() => form.register('email')} error={errors.email?.message} />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <Spinner />
              {authUiTexts.forgot.submitting}
            </>
          ) : (
            authUiTexts.forgot.submit
          )}
        </Button>
      </form>
    </AuthCard>
  );
}
