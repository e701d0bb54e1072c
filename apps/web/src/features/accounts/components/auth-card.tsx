import type { ReactNode } from 'react';
import { Card } from '../../../components/ui/card';

/** The frame of every account page: a centred card with the page's heading. */
export function AuthCard({
  icon,
  title,
  description,
  children,
  footer,
}: {
  icon?: ReactNode;
  title: ReactNode;
  description?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}) {
  return (
    <div className="relative flex flex-1 items-start justify-center overflow-hidden px-4 py-12 sm:items-center sm:py-20">
      <div
        aria-hidden="true"
        className="pointer-events-none absolute inset-x-0 top-0 -z-10 h-72 bg-gradient-to-b from-primary/8 to-transparent"
      />
      <div className="w-full max-w-md">
        <Card className="p-6 shadow-lg shadow-black/[0.03] sm:p-8 dark:shadow-black/30">
          <div className="text-center">
            {icon ? (
              <span className="mx-auto mb-4 flex size-11 items-center justify-center rounded-xl bg-primary/10 text-primary [&_svg]:size-5">
                {icon}
              </span>
            ) : null}
            <h1 className="text-2xl font-semibold tracking-tight text-balance">{title}</h1>
            {description ? (
              <p className="mt-2 text-sm text-pretty text-muted-foreground">{description}</p>
            ) : null}
          </div>
          <div className="mt-7">{children}</div>
        </Card>
        {footer ? <p className="mt-6 text-center text-sm text-muted-foreground">{footer}</p> : null}
      </div>
    </div>
  );
}

/** An inline link inside the card's footer line or a label row. */
export const authLinkClass =
  'font-medium text-primary underline-offset-4 outline-none hover:underline focus-visible:underline focus-visible:ring-2 focus-visible:ring-ring rounded-sm';
