import type { ReactNode } from 'react';
import { Card } from '../ui/card';

/** One figure above a list or on the overview: label and icon, the value, an optional detail. */
export function StatCard({
  label,
  value,
  detail,
  icon,
  testId,
}: {
  label: string;
  value: ReactNode;
  detail?: ReactNode;
  icon: ReactNode;
  testId: string;
}) {
  return (
    <Card className="p-5">
      <div className="flex items-center justify-between gap-3 text-sm text-muted-foreground">
        {label}
        <span className="text-primary [&_svg]:size-4">{icon}</span>
      </div>
      <p className="mt-2 text-2xl font-semibold tabular-nums" data-testid={testId}>
        {value}
      </p>
      {detail && <p className="mt-1 text-xs text-muted-foreground">{detail}</p>}
    </Card>
  );
}
