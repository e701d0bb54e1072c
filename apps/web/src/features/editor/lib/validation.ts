import { editorTexts, limits } from '@cutout/contracts';

// The spec's client-side checks (§5), made before anything is sent. The server checks the same
// rules again and its message is shown when it refuses.

export const invalidUrlText = 'Please enter a valid http or https address';

/** The spec's message for a file the editor refuses, or null when it may be sent. */
export function fileProblem(file: Pick<File, 'type' | 'size'>): string | null {
  if (!file.type.startsWith('image/')) return editorTexts.notAnImage;
  if (file.size > limits.maxUploadBytes) return editorTexts.tooLarge;
  return null;
}

/** The message for an image address the editor refuses, or null when it may be sent. */
export function urlProblem(text: string): string | null {
  const trimmed = text.trim();
  if (trimmed === '') return editorTexts.urlRequired;
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return invalidUrlText;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return invalidUrlText;
  return null;
}

/** Why processing may not start for this visitor, checked before any call (spec §4, §8). */
export type Blocker = 'sign-up' | 'no-credits';

/**
 * A signed-out visitor is not stopped here: the server gives one free preview a day and says
 * when it is used (decision 0155).
 */
export function blockerFor(
  session: { signedIn: boolean },
  credits: number | undefined,
): Blocker | null {
  if (!session.signedIn) return null;
  if ((credits ?? 0) <= 0) return 'no-credits';
  return null;
}

export function blockerMessage(blocker: Blocker): string {
  return blocker === 'sign-up' ? editorTexts.signUpToContinue : editorTexts.noCredits;
}
