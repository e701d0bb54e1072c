import { paths, pageTexts } from '@cutout/contracts';
import { LogIn } from 'lucide-react';
import { Link } from 'react-router';
import { AuthCard, authLinkClass } from '../../features/auth/components/auth-card';
import { SignInForm } from '../../features/auth/components/sign-in-form';
import { authUiTexts } from '../../features/auth/texts';
import { pageMeta } from '../../lib/meta';

export const meta = () => pageMeta(pageTexts.signIn);

export default function SignInRoute() {
  return (
    <AuthCard
      icon={<LogIn aria-hidden="true" />}
      title={authUiTexts.signIn.heading}
      description={authUiTexts.signIn.intro}
      footer={
        <>
          {authUiTexts.signIn.noAccount}{' '}
          <Link to={paths.signUp} className={authLinkClass}>
            {authUiTexts.signIn.signUpLink}
          </Link>
        </>
      }
    >
      <SignInForm />
    </AuthCard>
  );
}
