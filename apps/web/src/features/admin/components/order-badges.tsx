import { testModeText, type OrderStatus } from '@cutout/contracts';
import { Badge } from '../../../components/ui/badge';
import { adminSubscriptionsTexts as t } from '../texts';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  if (status === 'paid') {
    return (
      <Badge className="bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-400">
        {t.statuses.paid}
      </Badge>
    );
  }
  if (status === 'needs_review') {
    return (
      <Badge className="bg-red-500/10 text-red-700 ring-red-500/20 dark:text-red-400">
        {t.statuses.needs_review}
      </Badge>
    );
  }
  return <Badge variant="outline">{t.statuses[status]}</Badge>;
}

export function TestBadge() {
  return (
    <Badge
      variant="outline"
      className="border-amber-500/40 text-amber-700 dark:text-amber-400"
      title={testModeText}
    >
      {t.modes.test}
    </Badge>
  );
}
