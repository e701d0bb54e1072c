import { newsletterLinkTexts as t, paths } from '@cutout/contracts';
import { MailCheck, MailX } from 'lucide-react';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/alert';
import { Button, buttonVariants } from '../../../components/ui/button';
import { Card } from '../../../components/ui/card';
import { Spinner } from '../../../components/ui/spinner';
import { followNewsletterLink } from '../api/newsletter-links';

// /newsletter, opened from the confirmation mail's links (?confirm=… or ?unsubscribe=…). The
// page asks for a click before it acts: mail scanners open links, and must neither confirm nor
// unsubscribe anyone (decision 0261).

type State =
  | { kind: 'idle' }
  | { kind: 'busy' }
  | { kind: 'done'; message: string }
  | { kind: 'failed'; message: string };

export function NewsletterLinkPage() {
  const [params] = useSearchParams();
  const confirmToken = params.get('confirm');
  const unsubscribeToken = params.get('unsubscribe');
  const action = confirmToken ? 'confirm' : unsubscribeToken ? 'unsubscribe' : null;
  const token = confirmToken ?? unsubscribeToken ?? '';
  const [state, setState] = useState<State>({ kind: 'idle' });

  const go = async () => {
    if (!action) return;
    setState({ kind: 'busy' });
    try {
      const { message } = await followNewsletterLink(action, token);
      setState({ kind: 'done', message });
    } catch (error) {
      setState({ kind: 'failed', message: error instanceof Error ? error.message : t.invalidLink });
    }
  };

  const heading = action === 'unsubscribe' ? t.unsubscribeHeading : t.confirmHeading;
  const Icon = action === 'unsubscribe' ? MailX : MailCheck;
  return (
    <div className="flex flex-1 items-start justify-center px-4 py-16">
      <Card className="w-full max-w-md p-8 shadow-xs">
        <Icon aria-hidden="true" className="size-8 text-primary" />
        <h1 className="mt-4 text-2xl font-bold tracking-tight">{heading}</h1>
        {!action ? (
          <p className="mt-3 text-sm text-muted-foreground">{t.noLink}</p>
        ) : state.kind === 'done' ? (
          <p role="status" className="mt-3 text-sm">
            {state.message}
          </p>
        ) : (
          <>
            <p className="mt-3 text-sm text-muted-foreground">
              {action === 'confirm' ? t.confirmIntro : t.unsubscribeIntro}
            </p>
            {state.kind === 'failed' ? (
              <ErrorAlert className="mt-4">{state.message}</ErrorAlert>
            ) : null}
            <Button
              className="mt-6 w-full"
              disabled={state.kind === 'busy'}
              onClick={() => void go()}
            >
              {state.kind === 'busy' ? <Spinner /> : null}
              {action === 'confirm' ? t.confirmButton : t.unsubscribeButton}
            </Button>
          </>
        )}
        <Link
          to={paths.blog}
          className={buttonVariants({ variant: 'outline', className: 'mt-4 w-full' })}
        >
          {t.toBlog}
        </Link>
      </Card>
    </div>
  );
}
