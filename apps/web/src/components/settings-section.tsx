import type { FormEvent, ReactNode } from 'react';
import { BusyButton } from './ui/busy-button';
import { Card } from './ui/card';
import { cn } from '../lib/cn';

/** A titled card of a settings page (admin settings, dashboard settings). */
export function SettingsSection({
  title,
  description,
  children,
  className,
  tone = 'default',
}: {
  title: string;
  description?: string;
  children: ReactNode;
  className?: string;
  tone?: 'default' | 'danger';
}) {
  return (
    <Card
      className={cn(
        'p-6 shadow-xs',
        tone === 'danger' && 'border-red-500/30 dark:border-red-400/30',
        className,
      )}
    >
      <h2 className="text-base font-semibold">{title}</h2>
      {description ? <p className="mt-1 text-sm text-muted-foreground">{description}</p> : null}
      <div className="mt-5">{children}</div>
    </Card>
  );
}

/**
 * The form of a settings card: its fields (`children`) in a column, then the submit button,
 * disabled while `busy` (with a spinner, and `busyLabel` if given) or while `disabled` (nothing
 * loaded or changed yet).
 */
export function SettingsForm({
  onSubmit,
  busy,
  disabled,
  submitLabel,
  busyLabel,
  width = 'md',
  className,
  children,
}: {
  onSubmit: (event: FormEvent<HTMLFormElement>) => Promise<void>;
  busy: boolean;
  disabled?: boolean;
  submitLabel: ReactNode;
  busyLabel?: ReactNode;
  width?: 'md' | 'lg';
  className?: string;
  children: ReactNode;
}) {
  return (
    <form
      noValidate
      onSubmit={(event) => void onSubmit(event)}
      className={cn('grid gap-5', width === 'lg' ? 'max-w-lg' : 'max-w-md', className)}
    >
      {children}
      <div>
        <BusyButton type="submit" busy={busy} busyLabel={busyLabel} disabled={disabled}>
          {submitLabel}
        </BusyButton>
      </div>
    </form>
  );
}
