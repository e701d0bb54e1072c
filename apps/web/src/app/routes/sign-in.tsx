import { paths, pageTexts } from '@cutout/contracts';
import { LogIn } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard, authLinkClass } from '../../features/accounts/components/auth-card';
import { RedirectSignedIn } from '../../features/accounts/components/route-guards';
import { SignInForm } from '../../features/accounts/components/sign-in-form';
import { safeRedirectTarget, withRedirect } from '../../features/accounts/safe-redirect';
import { authUiTexts } from '../../features/accounts/texts';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.signIn);

export default function SignInRoute() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  return (
    <RedirectSignedIn to={safeRedirectTarget(redirect)}>
      <AuthCard
        icon={<LogIn aria-hidden="true" />}
        title={authUiTexts.signIn.heading}
        description={authUiTexts.signIn.intro}
        footer={
          <>
            {authUiTexts.signIn.noAccount}{' '}
            <Link to={withRedirect(paths.signUp, redirect)} className={authLinkClass}>
              {authUiTexts.signIn.signUpLink}
            </Link>
          </>
        }
      >
        <SignInForm />
      </AuthCard>
    </RedirectSignedIn>
  );
}
