import { paths, pageTexts } from '@cutout/contracts';
import { UserPlus } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard, authLinkClass } from '../../features/accounts/components/auth-card';
import { RedirectSignedIn } from '../../features/accounts/components/route-guards';
import { SignUpForm } from '../../features/accounts/components/sign-up-form';
import { authUiTexts } from '../../features/accounts/texts';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.signUp);

export default function SignUpRoute() {
  return (
    <RedirectSignedIn to={paths.dashboard}>
      <AuthCard
        icon={<UserPlus aria-hidden="true" />}
        title={authUiTexts.signUp.heading}
        description={authUiTexts.signUp.intro}
        footer={
          <>
            {authUiTexts.signUp.haveAccount}{' '}
            <Link to={paths.signIn} className={authLinkClass}>
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
