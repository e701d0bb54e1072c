import { freeCreditsCondition, limits } from '@cutout/contracts';

// Labels and short copy of the account pages that the spec does not quote. Spec texts (toasts,
// errors, 'Remember me', 'Signing in...', …) come from @cutout/contracts and are never retyped.

export const authUiTexts = {
  signIn: {
    heading: 'Welcome back',
    intro: 'Sign in to your account to continue.',
    forgotPassword: 'Forgot password?',
    noAccount: "Don't have an account?",
    signUpLink: 'Sign up',
  },
  signUp: {
    heading: 'Create your account',
    intro: `Start with ${limits.newUserCredits} free credits ${freeCreditsCondition}. No card needed.`,
    submit: 'Create Account',
    submitting: 'Creating account...',
    haveAccount: 'Already have an account?',
    signInLink: 'Sign in',
    accountType: 'Account type',
    passwordHint: `At least ${limits.password.min} characters.`,
    personal: { title: 'Personal', description: 'For individual use.' },
    business: {
      title: 'Business',
      description: 'For teams, commercial use and advanced features.',
    },
  },
  forgot: {
    heading: 'Forgot your password?',
    intro: "Enter your account's email and we'll send you a link to reset your password.",
    submit: 'Send Reset Link',
    submitting: 'Sending...',
    remembered: 'Remembered it?',
    expiry: 'The link works once and expires after one hour.',
  },
  reset: {
    heading: 'Set a new password',
    intro: `Choose a password of at least ${limits.password.min} characters.`,
    submit: 'Reset Password',
    submitting: 'Resetting...',
    newPassword: 'New password',
    confirmPassword: 'Confirm new password',
    requestNewLink: 'Request a new link',
    retry: 'Try again',
  },
  fields: {
    name: 'Full name',
    email: 'Email',
    password: 'Password',
  },
  placeholders: {
    name: 'Jane Doe',
    email: 'you@example.com',
  },
} as const;

/** Change password (admin settings' Security tab, /dashboard/settings). */
export const changePasswordTexts = {
  title: 'Change password',
  description: 'Your other sessions are signed out when the password changes.',
  current: 'Current password',
  new: 'New password',
  confirm: 'Confirm new password',
  hint: `At least ${limits.password.min} characters.`,
  submit: 'Change Password',
  submitting: 'Changing...',
} as const;
