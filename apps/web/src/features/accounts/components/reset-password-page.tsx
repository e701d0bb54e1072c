import { zodResolver } from '@hookform/resolvers/zod';
import {
  authTexts,
  paths,
  resetPasswordBodySchema,
  resetTexts,
  type ResetPasswordBody,
} from '@cutout/contracts';
import { useQuery } from '@tanstack/react-query';
import { KeyRound } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { z } from 'zod';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { loadToast } from '../../../lib/toast';
import { resetPassword, resetTokenQueryOptions } from '../api/reset-password';
import { toastError } from '../../../lib/error-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { authUiTexts } from '../texts';
import { AuthCard, authLinkClass } from './auth-card';
import { PasswordField } from '../../../components/ui/password-field';

function Validating() {
  return (
    <div role="status" className="flex min-h-[50vh] flex-1 items-center justify-center px-4">
      <div className="flex items-center gap-3 text-sm text-muted-foreground">
        <Spinner />
        {authTexts.validatingResetLink}
      </div>
    </div>
  );
}

function ResetPasswordForm({ token }: { token: string }) {
  const navigate = useNavigate();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<ResetPasswordBody, unknown, z.output<typeof resetPasswordBodySchema>>({
    resolver: zodResolver(resetPasswordBodySchema),
    defaultValues: { token, password: '', confirmPassword: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      await resetPassword(values);
      void loadToast().then((toast) => toast.success(resetTexts.passwordReset));
      await navigate(paths.signIn, { replace: true });
    } catch (error) {
      applyFieldErrors(error, form.setError, ['password', 'confirmPassword']);
      if (error instanceof ApiError && error.fields?.token) setFormError(error.fields.token);
      void toastError(error, {
        title: resetTexts.failedToReset,
        fallback: resetTexts.failedToReset,
      });
    }
  });

  return (
    <AuthCard
      icon={<KeyRound aria-hidden="true" />}
      title={authUiTexts.reset.heading}
      description={authUiTexts.reset.intro}
      footer={
        <Link to={paths.signIn} className={authLinkClass}>
          {authTexts.backToSignIn}
        </Link>
      }
    >
      <form noValidate onSubmit={(event) => void onSubmit(event)} className="grid gap-5">
        {formError ? (
          <ErrorAlert>
            {formError}{' '}
            <Link to={paths.forgotPassword} className="font-medium underline underline-offset-4">
              {authUiTexts.reset.requestNewLink}
            </Link>
          </ErrorAlert>
        ) : null}
        <PasswordField
          label={authUiTexts.reset.newPassword}
          error={errors.password?.message}
          autoComplete="new-password"
          register={() => form.register('password')}
        />
        <PasswordField
          label={authUiTexts.reset.confirmPassword}
          error={errors.confirmPassword?.message}
          autoComplete="new-password"
          register={() => form.register('confirmPassword')}
        />
        <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
          {isSubmitting ? (
            <>
              <Spinner />
              {authUiTexts.reset.submitting}
            </>
          ) : (
            authUiTexts.reset.submit
          )}
        </Button>
      </form>
    </AuthCard>
  );
}

/**
 * Reset password (spec §2): checks the e-mailed token on load; no token or a dead one goes back
 * to /forgot-password with a toast; otherwise the new-password form.
 */
export function ResetPasswordPage() {
  const [searchParams] = useSearchParams();
  const token = searchParams.get('token') ?? '';
  const navigate = useNavigate();
  const validation = useQuery({ ...resetTokenQueryOptions(token), enabled: token !== '' });
  // One toast and one redirect per visit, even when effects run twice (StrictMode, re-renders).
  const handled = useRef(false);

  const invalidTitle =
    token === ''
      ? resetTexts.invalidLink
      : validation.data?.valid === false
        ? resetTexts.invalidOrExpiredLink
        : null;

  useEffect(() => {
    if (handled.current) return;
    if (invalidTitle) {
      handled.current = true;
      void loadToast().then((toast) => toast.error(invalidTitle));
      void navigate(paths.forgotPassword, { replace: true });
    } else if (validation.isError) {
      handled.current = true;
      void loadToast().then((toast) => toast.error(resetTexts.failedToValidate));
    }
  }, [invalidTitle, validation.isError, navigate]);

  if (validation.isError) {
    return (
      <AuthCard icon={<KeyRound aria-hidden="true" />} title={authUiTexts.reset.heading}>
        <ErrorAlert>{resetTexts.failedToValidate}</ErrorAlert>
        <div className="mt-5 grid gap-2">
          <Button
            size="lg"
            onClick={() => {
              handled.current = false;
              void validation.refetch();
            }}
          >
            {authUiTexts.reset.retry}
          </Button>
          <Button asChild variant="ghost" size="lg">
            <Link to={paths.forgotPassword}>{authUiTexts.reset.requestNewLink}</Link>
          </Button>
        </div>
      </AuthCard>
    );
  }
  if (!validation.data?.valid) return <Validating />;
  return <ResetPasswordForm token={token} />;
}
