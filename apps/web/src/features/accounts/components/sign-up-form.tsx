import {
  accountTypes,
  authTexts,
  verifyEmailTexts,
  type AccountType,
  type SignUpBody,
} from '@cutout/contracts';
import { Briefcase, UserRound } from 'lucide-react';
import { useId, type ReactNode } from 'react';
import { LazyFormLibrary, useForm } from '../../../lib/lazy-form';
import { useNavigate, useSearchParams } from 'react-router';
import type { signUpBodySchema } from '@cutout/contracts/schemas/accounts';
import type { z } from 'zod';
import { Button } from '../../../components/ui/button';
import { FormField } from '../../../components/ui/form-field';
import { Input } from '../../../components/ui/input';
import { Spinner } from '../../../components/ui/spinner';
import { ApiError } from '../../../lib/api-client';
import { toastError } from '../../../lib/error-toast';
import { lazyZodResolver } from '../../../lib/lazy-resolver';
import { loadToast } from '../../../lib/toast';
import { signUp } from '../api/sign-up';
import { applyFieldErrors } from '../../../lib/form-errors';
import { safeRedirectTarget } from '../safe-redirect';
import { authUiTexts } from '../texts';
import { EmailField } from './email-field';
import { useSignedIn } from '../use-signed-in';
import { PasswordField } from '../../../components/ui/password-field';

const accountTypeCards: Record<
  AccountType,
  { title: string; description: string; icon: ReactNode }
> = {
  personal: { ...authUiTexts.signUp.personal, icon: <UserRound aria-hidden="true" /> },
  business: { ...authUiTexts.signUp.business, icon: <Briefcase aria-hidden="true" /> },
};

const validation = lazyZodResolver<SignUpBody, z.output<typeof signUpBodySchema>>(() =>
  import('@cutout/contracts/schemas/accounts').then((schemas) => schemas.signUpBodySchema),
);

/** Sign-up (spec §2, §5): full name, email, password, account type (personal by default). */
export function SignUpForm() {
  return (
    <LazyFormLibrary>
      <SignUpFormFields />
    </LazyFormLibrary>
  );
}

/** Inside <LazyFormLibrary>: react-hook-form loads when a field is first focused. */
function SignUpFormFields() {
  const navigate = useNavigate();
  const [searchParams] = useSearchParams();
  const signedIn = useSignedIn();
  const accountTypeErrorId = useId();
  const form = useForm<SignUpBody, unknown, z.output<typeof signUpBodySchema>>({
    resolver: validation.resolver,
    defaultValues: { name: '', email: '', password: '', accountType: 'personal' },
  });
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    try {
      const { user } = await signUp(values);
      signedIn(user);
      // The spec's text, and where the free credits are (decision 0265).
      void loadToast().then((toast) =>
        toast.success(authTexts.signUpSuccess, {
          description: verifyEmailTexts.checkInbox(user.email),
        }),
      );
      await navigate(safeRedirectTarget(searchParams.get('redirect')), { replace: true });
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) {
        // The spec's text under the e-mail field: the one thing the visitor can change.
        form.setError(
          'email',
          { type: 'server', message: error.message || authTexts.userExists },
          { shouldFocus: true },
        );
        return;
      }
      applyFieldErrors(error, form.setError, ['name', 'email', 'password', 'accountType']);
      // Only the server's own words: a network failure gets the title alone.
      void toastError(error instanceof ApiError ? error : undefined, {
        title: authTexts.signUpError,
      });
    }
  });

  return (
    <form
      noValidate
      onFocus={validation.preload}
      onSubmit={(event) => void onSubmit(event)}
      className="grid gap-5"
    >
      <FormField label={authUiTexts.fields.name} error={errors.name?.message}>
        {(control) => (
          <Input
            {...control}
            autoComplete="name"
            placeholder={authUiTexts.placeholders.name}
            {...form.register('name')}
          />
        )}
      </FormField>
      <EmailField register={() => form.register('email')} error={errors.email?.message} />
      <PasswordField
        label={authUiTexts.fields.password}
        error={errors.password?.message}
        hint={authUiTexts.signUp.passwordHint}
        autoComplete="new-password"
        register={() => form.register('password')}
      />
      <fieldset
        className="grid gap-2"
        aria-describedby={errors.accountType ? accountTypeErrorId : undefined}
      >
        <legend className="mb-2 text-sm leading-none font-medium">
          {authUiTexts.signUp.accountType}
        </legend>
        <div className="grid gap-3 sm:grid-cols-2">
          {accountTypes.map((type) => {
            const card = accountTypeCards[type];
            return (
              <label
                key={type}
                className="relative flex cursor-pointer gap-3 rounded-xl border border-border p-3.5 transition-colors hover:bg-muted/50 has-checked:border-primary has-checked:bg-primary/5 has-checked:ring-1 has-checked:ring-primary has-focus-visible:ring-2 has-focus-visible:ring-ring"
              >
                <input
                  type="radio"
                  value={type}
                  className="peer sr-only"
                  aria-invalid={errors.accountType ? true : undefined}
                  {...form.register('accountType')}
                />
                <span className="mt-0.5 flex size-8 shrink-0 items-center justify-center rounded-lg bg-muted text-muted-foreground peer-checked:bg-primary/15 peer-checked:text-primary [&_svg]:size-4">
                  {card.icon}
                </span>
                <span className="grid gap-0.5">
                  <span className="text-sm font-medium">{card.title}</span>
                  <span className="text-xs text-muted-foreground">{card.description}</span>
                </span>
              </label>
            );
          })}
        </div>
        {errors.accountType ? (
          <p id={accountTypeErrorId} className="text-sm text-red-600 dark:text-red-400">
            {errors.accountType.message}
          </p>
        ) : null}
      </fieldset>
      <Button type="submit" size="lg" className="w-full" disabled={isSubmitting}>
        {isSubmitting ? (
          <>
            <Spinner />
            {authUiTexts.signUp.submitting}
          </>
        ) : (
          authUiTexts.signUp.submit
        )}
      </Button>
    </form>
  );
}
