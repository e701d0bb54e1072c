import type { ReactNode } from 'react';
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
