import {
  accountTexts,
  adminRuleTexts,
  authTexts,
  resetTexts,
  type AccountType,
  type Role,
  type SessionUser,
  verifyEmailTexts,
} from '@cutout/contracts';
import { isAPIError } from 'better-auth/api';
import type { Db } from '../../db/database.js';
import { AppError, RetryLaterError, conflict, unauthorized } from '../../errors.js';
import {
  deleteSessionsOfUser,
  findUserByEmail,
  findUserById,
  isUserBanned,
} from '../users/users.repository.js';
import { findLiveVerification } from './accounts.repository.js';
import { hashResetToken, type Auth } from './auth.js';
import type { WindowCounter } from '../../plugins/rate-limits.js';
import type { SignInThrottle } from './failed-sign-ins.js';

// Sign-up, sign-in, sign-out, password reset and change. better-auth does the hashing (scrypt,
// with password-hash.ts's pair), the session rows and the cookies; these functions add our rules
// and the spec's answers.

export interface AccountsDeps {
  db: Db;
  auth: Auth;
  failedSignIns: SignInThrottle;
  /** The accounts' rate-limit counters: Redis, or the database (decision 0265). */
  rateCounter: WindowCounter;
  /** Told of every admin sign-in (audit log, security alert from a new address; decision 0087). */
  onAdminSignIn?: (
    user: SessionUser,
    ip: string,
    userAgent: string | undefined,
  ) => Promise<unknown>;
}

/** Headers better-auth reads: the session cookie, the user agent, the client address. */
export interface AuthHeaders {
  headers: Headers;
}

export interface WithCookies<T> {
  result: T;
  /** Set-Cookie values to pass on to the browser. */
  cookies: string[];
}

export function toSessionUser(user: {
  id: string;
  email: string;
  name: string;
  role?: string | null;
}): SessionUser {
  return {
    id: user.id,
    email: user.email,
    name: user.name,
    role: (user.role === 'admin' ? 'admin' : 'user') satisfies Role,
  };
}

function apiErrorCode(error: unknown): string | undefined {
  return isAPIError(error) ? (error.body as { code?: string } | undefined)?.code : undefined;
}

export async function signUp(
  deps: AccountsDeps,
  body: { name: string; email: string; password: string; accountType: AccountType },
  { headers }: AuthHeaders,
): Promise<WithCookies<SessionUser>> {
  let created;
  try {
    created = await deps.auth.api.signUpEmail({
      body: { ...body, rememberMe: true },
      headers,
      returnHeaders: true,
    });
  } catch (error) {
    // better-auth says USER_ALREADY_EXISTS…; a lost race on the unique e-mail ends up here too.
    if (
      apiErrorCode(error)?.startsWith('USER_ALREADY_EXISTS') ||
      (await findUserByEmail(deps.db, body.email))
    ) {
      throw conflict(authTexts.userExists);
    }
    throw error;
  }
  // The free credits come when the mailed link confirms the address (decision 0265), not now.
  const user = created.response.user;
  return { result: toSessionUser(user), cookies: created.headers.getSetCookie() };
}

export async function signIn(
  deps: AccountsDeps,
  body: { email: string; password: string; rememberMe: boolean },
  { headers }: AuthHeaders,
  clientIp: string,
): Promise<WithCookies<SessionUser>> {
  const wait = await deps.failedSignIns.retryAfterMs(body.email, clientIp);
  if (wait > 0) {
    throw new RetryLaterError(accountTexts.tooManyFailedSignIns, Math.ceil(wait / 1000));
  }
  try {
    const signedIn = await deps.auth.api.signInEmail({
      body: { email: body.email, password: body.password, rememberMe: body.rememberMe },
      headers,
      returnHeaders: true,
    });
    await deps.failedSignIns.recordSuccess(body.email, clientIp);
    const user = toSessionUser(signedIn.response.user);
    if (user.role === 'admin')
      await deps.onAdminSignIn?.(user, clientIp, headers.get('user-agent') ?? undefined);
    return { result: user, cookies: signedIn.headers.getSetCookie() };
  } catch (error) {
    // A deactivated account (better-auth's ban) with the right password: say so.
    if (apiErrorCode(error) === 'BANNED_USER') {
      throw new AppError(403, 'forbidden', adminRuleTexts.deactivated);
    }
    if (isAPIError(error) && error.statusCode === 401) {
      // Counted whether or not the e-mail exists, so the back-off reveals nothing either.
      await deps.failedSignIns.recordFailure(body.email, clientIp);
      throw unauthorized(authTexts.invalidCredentials);
    }
    throw error;
  }
}

export async function signOut(
  deps: Pick<AccountsDeps, 'auth'>,
  { headers }: AuthHeaders,
): Promise<string[]> {
  try {
    const out = await deps.auth.api.signOut({ headers, returnHeaders: true });
    return out.headers.getSetCookie();
  } catch (error) {
    // Signing out without a (valid) session is already the desired state.
    if (isAPIError(error)) return [];
    throw error;
  }
}

/** The signed-in user and session token from the cookie, or null; plus refreshed cookies. */
export async function currentSession(
  deps: Pick<AccountsDeps, 'auth'>,
  { headers }: AuthHeaders,
): Promise<WithCookies<{ user: SessionUser; token: string } | null>> {
  const found = await deps.auth.api.getSession({ headers, returnHeaders: true });
  const session = found.response;
  return {
    result: session ? { user: toSessionUser(session.user), token: session.session.token } : null,
    cookies: found.headers.getSetCookie(),
  };
}

/**
 * Always the same answer (spec §5), whether or not the e-mail has an account and whether or not
 * it is deactivated (a deactivated one gets no link: auth.ts); the mail is handed over in the
 * background so the reply's timing does not tell either.
 */
export async function forgotPassword(
  deps: AccountsDeps,
  email: string,
  { headers }: AuthHeaders,
): Promise<string> {
  await deps.auth.api.requestPasswordReset({ body: { email }, headers });
  return authTexts.forgotPasswordReply;
}

/** Whether a reset token is known and unexpired (the reset page checks on load). */
export async function isResetTokenValid(
  deps: Pick<AccountsDeps, 'db'>,
  token: string,
  now = new Date(),
): Promise<boolean> {
  if (!token) return false;
  const hash = hashResetToken(token);
  const row = await findLiveVerification(deps.db, hash, now.toISOString());
  // A deactivated account's token is refused (issue 36), even one mailed before.
  return row !== undefined && !(await isUserBanned(deps.db, row.value));
}

const invalidToken = () =>
  new AppError(400, 'validation_failed', resetTexts.invalidOrExpiredToken, {
    token: resetTexts.invalidOrExpiredToken,
  });

/** Sets the new password, uses up the token, and signs the user out everywhere. */
export async function resetPassword(
  deps: AccountsDeps,
  body: { token: string; password: string },
  { headers }: AuthHeaders,
): Promise<string> {
  if (!body.token) throw invalidToken();
  if (!(await isResetTokenValid(deps, body.token))) throw invalidToken();
  try {
    await deps.auth.api.resetPassword({
      body: { token: body.token, newPassword: body.password },
      headers,
    });
  } catch (error) {
    if (isAPIError(error) && error.statusCode === 400) throw invalidToken();
    throw error;
  }
  return resetTexts.passwordReset;
}

/** Changes the signed-in user's password and signs out their other sessions. */
export async function changePassword(
  deps: AccountsDeps,
  session: { userId: string; token: string },
  body: { currentPassword: string; newPassword: string },
  { headers }: AuthHeaders,
): Promise<string> {
  try {
    await deps.auth.api.changePassword({
      body: { currentPassword: body.currentPassword, newPassword: body.newPassword },
      headers,
    });
  } catch (error) {
    const code = apiErrorCode(error);
    if (code === 'INVALID_PASSWORD' || code === 'CREDENTIAL_ACCOUNT_NOT_FOUND') {
      throw new AppError(400, 'validation_failed', authTexts.currentPasswordIncorrect, {
        currentPassword: authTexts.currentPasswordIncorrect,
      });
    }
    if (isAPIError(error) && error.statusCode === 401) throw unauthorized(authTexts.mustBeLoggedIn);
    throw error;
  }
  // Our own revocation keeps the current session as it was ('Remember me' included).
  await deleteSessionsOfUser(deps.db, session.userId, session.token);
  return accountTexts.passwordChanged;
}

/**
 * The sign-up mail's link: confirms the address, which grants the free credits once (auth.ts,
 * decision 0265). 'invalid' for a forged, altered or expired token or an unknown address.
 */
export async function verifyEmail(
  deps: Pick<AccountsDeps, 'auth'>,
  token: string,
  { headers }: AuthHeaders,
): Promise<'confirmed' | 'invalid'> {
  try {
    await deps.auth.api.verifyEmail({ query: { token }, headers });
    return 'confirmed';
  } catch (error) {
    if (isAPIError(error)) return 'invalid';
    throw error;
  }
}

/** Mails the signed-in user a new confirmation link; 409 once the address is confirmed. */
export async function resendVerification(
  deps: AccountsDeps,
  userId: string,
  { headers }: AuthHeaders,
): Promise<string> {
  const user = await findUserById(deps.db, userId);
  if (!user) throw unauthorized(authTexts.mustBeLoggedIn);
  if (user.email_verified) throw conflict(verifyEmailTexts.alreadyConfirmed);
  await deps.auth.api.sendVerificationEmail({ body: { email: user.email }, headers });
  return verifyEmailTexts.resent(user.email);
}
