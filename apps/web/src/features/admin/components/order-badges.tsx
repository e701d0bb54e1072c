import { testModeText, type OrderStatus } from '@cutout/contracts';
import { Badge } from '../../../components/ui/badge';
import { adminSubscriptionsTexts as t } from '../texts';

export function OrderStatusBadge({ status }: { status: OrderStatus }) {
  return status === 'paid' ? (
    <Badge className="bg-emerald-500/10 text-emerald-700 ring-emerald-500/20 dark:text-emerald-400">
      {t.statuses.paid}
    </Badge>
  ) : (
    <Badge variant="outline">{t.statuses.refunded}</Badge>
  );
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
