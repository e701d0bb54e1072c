import { useSession } from '../../../lib/auth/session';
import { useMe } from '../../users';
import { formatDate } from '../../../lib/format-date';
import { adminSettingsTexts } from '../texts';
import { SettingsSection } from '../../../components/settings-section';

const texts = adminSettingsTexts.account;

/** Account tab: the signed-in admin's own account. */
export function AccountTab() {
  const session = useSession();
  const me = useMe();
  const rows: [string, string][] = [
    [texts.name, me.data?.name || session.user?.name || '—'],
    [texts.email, me.data?.email ?? session.user?.email ?? '—'],
    [texts.role, me.data?.role ?? session.user?.role ?? '—'],
    [texts.memberSince, me.data ? formatDate(me.data.createdAt, 'long') : me.isError ? '—' : '…'],
  ];
  return (
    <SettingsSection title={texts.title} description={texts.description}>
      <dl className="grid gap-x-6 gap-y-4 sm:grid-cols-[10rem_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-sm text-muted-foreground">{term}</dt>
            <dd className="text-sm font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
    </SettingsSection>
  );
}
