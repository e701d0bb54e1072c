import { authTexts, navTexts, paths, type SignInBody } from '@cutout/contracts';
import { useState } from 'react';
import { LazyFormLibrary, useForm } from '../../../lib/lazy-form';
import { Link, useNavigate, useSearchParams } from 'react-router';
import type { signInBodySchema } from '@cutout/contracts/schemas/accounts';
import type { z } from 'zod';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Spinner } from '../../../components/ui/spinner';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { loadToast } from '../../../lib/toast';
import { signIn } from '../api/sign-in';
import { errorMessage, toastError } from '../../../lib/error-toast';
import { applyFieldErrors } from '../../../lib/form-errors';
import { safeRedirectTarget } from '../safe-redirect';
import { authUiTexts } from '../texts';
import { EmailField } from './email-field';
import { useSignedIn } from '../use-signed-in';
import { authLinkClass } from './auth-card';
import { PasswordField } from '../../../components/ui/password-field';

const validation = lazyZodResolver<SignInBody, z.output<typeof signInBodySchema>>(() =>
  import('@cutout/contracts/schemas/accounts').then((schemas) => schemas.signInBodySchema),
);

/**
 * Sign-in (spec §2): email, password, 'Remember me' (sent: a lasting session when ticked,
 * docs/decisions/0036), 'Signing in...' while working, then the `?redirect=` target or the
 * dashboard.
 */
export function SignInForm() {
  return (
    <LazyFormLibrary>
      <SignInFormFields />
    </LazyFormLibrary>
  );
}

/** Inside <LazyFormLibrary>: react-hook-form loads when a field is first focused. */
function SignInFormFields() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signedIn = useSignedIn();
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm<SignInBody, unknown, z.output<typeof signInBodySchema>>({
    resolver: validation.resolver,
    defaultValues: { email: '', password: '', rememberMe: false },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { user } = await signIn(values);
      signedIn(user);
      void loadToast().then((toast) =>
        toast.success(authTexts.signInSuccessTitle, {
          description: authTexts.signInSuccessDescription,
        }),
      );
      await navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      applyFieldErrors(error, form.setError, ['email', 'password']);
      const fallback = authTexts.signInFailedFallback;
      setFormError(errorMessage(error, fallback));
      void toastError(error, { title: authTexts.signInFailedTitle, fallback });
    }
  });

  return (
    <form
      noValidate
      onFocus={validation.preload}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-5"
    >
      {formError ? <ErrorAlert>{formError}</ErrorAlert> : null}
      <EmailField register={() => form.register('email')} error={errors.email?.message} />
      <PasswordField
        label={authUiTexts.fields.password}
        error={errors.password?.message}
        labelAside={
          <Link to={paths.forgotPassword} className={`text-sm ${authLinkClass}`}>
            {authUiTexts.signIn.forgotPassword}
          </Link>
        }
        autoComplete="current-password"
        register={() => form.register('password')}
      />
      <label className="flex w-fit cursor-pointer items-center gap-2.5 text-sm select-none">
        <input
          type="checkbox"
          className="size-4 rounded border-border accent-primary"
          {...form.register('rememberMe')}
        />
        {authTexts.rememberMe}
      </label>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? (
          <>
            <Spinner />
            {authTexts.signingIn}
          </>
        ) : (
          navTexts.signIn
        )}
      </Button>
    </form>
  );
}
