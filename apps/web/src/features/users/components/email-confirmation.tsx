import { verifyEmailTexts, type UserProfile } from '@cutout/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { CircleCheck, MailCheck } from 'lucide-react';
import { useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { errorMessage } from '../../../lib/error-toast';
import { meQueryKey, resendConfirmation } from '../api/me';

// Why the balance is 0 (decision 0265): the free credits arrive once the address is confirmed
// through the mailed link, which lands back here with ?email=confirmed or ?email=invalid.

export type ConfirmationOutcome = 'confirmed' | 'invalid' | null;

export function EmailConfirmation({
  profile,
  outcome,
}: {
  profile: UserProfile;
  /** What the mailed link said, from the address (?email=…). */
  outcome: ConfirmationOutcome;
}) {
  const queryClient = useQueryClient();
  const [sending, setSending] = useState(false);
  const [reply, setReply] = useState<{ ok: boolean; text: string } | null>(null);

  if (profile.emailVerified) {
    if (outcome !== 'confirmed') return null;
    return (
      <Card
        role="status"
        className="mt-6 flex items-start gap-3 border-emerald-500/30 bg-emerald-500/8 p-4 text-sm"
      >
        <CircleCheck
          aria-hidden="true"
          className="mt-0.5 size-4 shrink-0 text-emerald-700 dark:text-emerald-300"
        />
        <p>{verifyEmailTexts.confirmed}</p>
      </Card>
    );
  }

  const send = async () => {
    setSending(true);
    setReply(null);
    try {
      const { message } = await resendConfirmation();
      setReply({ ok: true, text: message });
    } catch (error) {
      setReply({ ok: false, text: errorMessage(error, verifyEmailTexts.invalidLink) });
      // A 409 means it was confirmed meanwhile (another tab): show the balance as it is.
      void queryClient.invalidateQueries({ queryKey: meQueryKey });
    } finally {
      setSending(false);
    }
  };

  return (
    <Card
      className="mt-6 flex flex-col gap-3 border-primary/30 p-4 text-sm"
      data-testid="email-confirmation"
    >
      {outcome === 'invalid' ? <ErrorAlert>{verifyEmailTexts.invalidLink}</ErrorAlert> : null}
      <div className="flex items-start gap-3">
        <MailCheck aria-hidden="true" className="mt-0.5 size-4 shrink-0 text-primary" />
        <p>
          {profile.credits === 0
            ? verifyEmailTexts.balanceZeroBecause(profile.email)
            : verifyEmailTexts.freeCreditsWaiting(profile.email)}
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-3">
        <Button variant="outline" size="sm" disabled={sending} onClick={() => void send()}>
          {verifyEmailTexts.resend}
        </Button>
        <p
          aria-live="polite"
          className={
            reply?.ok === false ? 'text-red-700 dark:text-red-300' : 'text-muted-foreground'
          }
        >
          {reply?.text}
        </p>
      </div>
    </Card>
  );
}
