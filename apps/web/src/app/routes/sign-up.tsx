import { paths, pageTexts } from '@cutout/contracts';
import { UserPlus } from 'lucide-react';
import { Link, useSearchParams } from 'react-router';
import { AuthCard, authLinkClass } from '../../features/accounts/components/auth-card';
import { RedirectSignedIn } from '../../features/accounts/components/route-guards';
import { SignUpForm } from '../../features/accounts/components/sign-up-form';
import { safeRedirectTarget, withRedirect } from '../../features/accounts/safe-redirect';
import { authUiTexts } from '../../features/accounts/texts';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.signUp);

// A `?redirect=` (as sign-in takes one: Get API Key on /api sends people here on their way to
// the dashboard's settings) is where a new account, or one already signed in, goes next.
export default function SignUpRoute() {
  const [searchParams] = useSearchParams();
  const redirect = searchParams.get('redirect');
  return (
    <RedirectSignedIn to={safeRedirectTarget(redirect)}>
      <AuthCard
        icon={<UserPlus aria-hidden="true" />}
        title={authUiTexts.signUp.heading}
        description={authUiTexts.signUp.intro}
        footer={
          <>
            {authUiTexts.signUp.haveAccount}{' '}
            <Link to={withRedirect(paths.signIn, redirect)} className={authLinkClass}>
              {authUiTexts.signUp.signInLink}
            </Link>
          </>
        }
      >
        <SignUpForm />
      </AuthCard>
    </RedirectSignedIn>
  );
}
