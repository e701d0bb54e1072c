// Every text the specification quotes, verbatim, in one place (spec §2, §5, §8). Web and server
// import them from here; no spec text is typed twice.

export const appTexts = {
  productName: 'Cutout',
  loading: 'Loading...',
  crash: {
    title: 'Something went wrong',
    message: "We're sorry, but something unexpected happened. Please try refreshing the page.",
    action: 'Refresh Page',
  },
  routerError: {
    title: 'Unexpected Application Error!',
  },
  notFound: {
    title: 'Page Not Found',
    unavailable: 'Page not found or unavailable',
    message: 'The page you are looking for does not exist.',
    action: 'Go Home',
  },
  failedToLoadPage: 'Failed to load page',
} as const;

export const navTexts = {
  features: 'Features',
  resources: 'Resources',
  documentation: 'Documentation',
  tutorials: 'Tutorials',
  about: 'About',
  dashboard: 'Dashboard',
  myAccount: 'My Account',
  adminPanel: 'Admin Panel',
  signOut: 'Sign out',
  signIn: 'Sign In',
  signUp: 'Sign Up',
  main: 'Main',
  home: 'Home',
  pricing: 'Pricing',
  contact: 'Contact',
  api: 'API',
  blog: 'Blog',
  legal: 'Legal',
  terms: 'Terms',
  privacy: 'Privacy',
  cookies: 'Cookies',
  exitAdmin: 'Exit Admin',
  product: 'Product',
  company: 'Company',
  creditsAndBilling: 'Credits & Billing',
  history: 'History',
  settings: 'Settings',
  toggleMenu: 'Toggle menu',
  theme: { label: 'Theme', light: 'Light', dark: 'Dark', system: 'System' },
} as const;

export const heroTexts = {
  tryItNow: 'Try it Now',
  goToDashboard: 'Go to Dashboard',
} as const;

export const authTexts = {
  invalidCredentials: 'Invalid email or password',
  userExists: 'User with this email already exists',
  notAuthenticated: 'User not authenticated',
  userNotFound: 'User not found',
  currentPasswordIncorrect: 'Current password is incorrect',
  mustBeLoggedIn: 'You must be logged in',
  signInSuccessTitle: 'Sign in successful',
  signInSuccessDescription: 'Welcome back!',
  signInFailedTitle: 'Sign in failed',
  signInFailedFallback: 'Please check your credentials and try again',
  signUpError: 'An error occurred during signup',
  signUpSuccess: 'Registration successful',
  signingIn: 'Signing in...',
  rememberMe: 'Remember me',
  forgotPasswordReply: 'If an account with that email exists, a password reset link has been sent.',
  checkYourEmail: 'Check Your Email',
  tryAnotherEmail: 'Try another email',
  backToSignIn: 'Back to sign in',
  validatingResetLink: 'Validating reset link...',
  changePasswordFallback: 'Failed to change password',
  adminSetupRequired: 'Please fill in all required fields',
} as const;

export const validationTexts = {
  nameMin: 'Name must be at least 2 characters',
  email: 'Please enter a valid email address',
  passwordMin: 'Password must be at least 8 characters',
  accountType: 'Please select an account type',
  passwordsMismatch: "Passwords don't match",
  newPasswordsMismatch: "New passwords don't match",
  nameRequired: 'Name is required',
  emailRequired: 'Email is required',
} as const;

export const resetTexts = {
  invalidOrExpiredToken: 'Invalid or expired reset token',
  failedToProcess: 'Failed to process request',
  failedToValidate: 'Failed to validate token',
  failedToReset: 'Failed to reset password',
  invalidLink: 'Invalid reset link',
  invalidOrExpiredLink: 'Invalid or expired reset link',
  failedToSend: 'Failed to send reset link',
  failedToSendFallback: 'Please try again.',
  linkSent: 'Reset link sent!',
  passwordReset: 'Password reset successfully!',
} as const;

export const editorTexts = {
  uploadImage: 'Upload Image',
  sampleImages: 'Sample Images',
  imageUrl: 'Image URL',
  continueWithoutImage: 'Continue without an image',
  processing: 'Processing',
  downloadRefined: 'Download Refined',
  downloadWhiteBg: 'Download White BG',
  downloadTransparent: 'Download Transparent',
  noCredits: 'No credits available. Please purchase credits to process images.',
  signUpToContinue: 'Sign up to continue.',
  processFailed: 'Failed to process image. Please try again.',
  loadFailed: 'Failed to load image. Please try again.',
  downloadFailed: 'Failed to download image. Please try again.',
  sampleFailed: 'Failed to load sample image. Please try another one.',
  removed: 'Background removed successfully!',
  downloaded: 'Image downloaded successfully!',
  sampleLoaded: 'Sample image loaded',
  notAnImage: 'Please upload an image file',
  tooLarge: 'Image size should be less than 10MB',
  urlRequired: 'Please enter an image URL',
  urlNotImage: 'The URL does not point to a valid image',
  urlFetchFailed: 'Failed to fetch image with status',
  sampleNames: ['Studio Portrait', 'Product Photo', 'Landscape', 'Fashion'],
} as const;

export const contactTexts = {
  sendFailedTitle: 'Failed to Send Message',
  sendFailedFallback: 'Please try again later',
  somethingWentWrong: 'Something went wrong, try later or contact by e-mail',
  unableToSend: 'Unable to send message at this time',
  sent: 'Message Sent Successfully!',
  invalidFormData: 'Invalid form data',
  fillAllFields: 'Please fill in all required fields correctly',
} as const;

export const checkoutTexts = {
  /**
   * The spec's text for a plan without a checkout. It names the operator's problem, so it goes
   * to the server log and to an admin trying to buy, never to a buyer (issue 26, decision 0236).
   */
  notConfigured: 'Checkout not configured',
  notConfiguredAdminDescription:
    'No payment provider can sell this pack. Set one up in Admin → Integrations (shown to admins only).',
  /** What a buyer is told when nothing can be sold right now (the server answers 503). */
  unavailableTitle: 'Purchases are unavailable right now',
  unavailableDescription: 'Please try again later, or contact us if it keeps happening.',
  variantRequired: 'Variant ID is required for checkout',
  invalidCheckoutUrl: 'Invalid checkout URL generated',
  createFailedTitle: 'Failed to create checkout session',
  createFailedDescription: 'Please try again or contact support.',
  purchasedTitle: 'Credits purchased successfully!',
  purchasedDescription: 'Your credits have been added to your account.',
  creditsAdded: (n: number) => `${n} credits have been added to your account.`,
  paymentProcessed: 'Payment processed!',
  cancelledTitle: 'Checkout cancelled',
  cancelledDescription: 'You can try again anytime from the pricing page.',
  cancelledShortDescription: 'You can try again anytime.',
  paymentSuccessfulTitle: 'Payment successful!',
  paymentSuccessfulDescription: 'Your subscription has been activated.',
  openingEmailTitle: 'Opening email client',
  openingEmailDescription: 'Please contact our sales team for enterprise inquiries.',
  // The spec says 3; every new account gets 10 (decision 0125). Not shown (decision 0062).
  freePlanActivated: 'Free plan activated! You now have access to 10 free credits.',
  signUpToContinue: 'Sign up to continue.',
  enterpriseSubject: 'Enterprise Inquiry',
} as const;

export const pricingTexts = {
  mostPopular: 'Most Popular',
  buyNow: 'Buy Now',
  purchased: 'Purchased',
  yourCurrentPlan: 'Your Current Plan',
  signUpForFree: 'Sign Up For Free',
  forever: 'Forever',
  perCredit: '/credit',
  validFor: (validity: string) => `Valid for ${validity}`,
  viewAllPlans: 'View All Plans',
  contactSales: 'Contact Sales',
} as const;

export const creditsTexts = {
  runningLow: "You're running low on credits!",
  considerBuying: 'Consider buying more credits soon.',
  loadFailed: 'Failed to load your credits and subscription data',
  cancelFailed: 'Failed to cancel subscription',
  cancelled: 'Subscription cancelled successfully',
  active: 'Active',
  noCredits: 'No Credits',
  noRenewal: 'No renewal',
  proFeature: 'Pro Feature',
  removeAds: 'Remove Ads with Pro Plan',
} as const;
