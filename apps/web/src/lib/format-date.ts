// The one place a date becomes text (spec §9: en-US formats). Each style is a formatter made
// once; a value that is not a date is shown as it came, so a bad row never breaks a list.

const formats = {
  /** "Nov 25, 2026" */
  date: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium' }),
  /** "November 25, 2026" */
  long: new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }),
  /** "Nov 25, 2026, 10:12 PM" */
  dateTime: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' }),
  /** "Nov 25, 2026, 10:12:59 PM": the audit log, where seconds tell entries apart. */
  seconds: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'medium' }),
  /** "Nov 25, 2026" in UTC: the day an order was paid, the same for every viewer (receipts). */
  utcDay: new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: 'UTC' }),
} as const;

export type DateStyle = keyof typeof formats;

/** `iso` as en-US text in `style`; '—' for no date, the input itself for one that does not parse. */
export function formatDate(iso: string | null | undefined, style: DateStyle = 'date'): string {
  if (!iso) return '—';
  const date = new Date(iso);
  if (Number.isNaN(date.getTime())) return iso;
  return formats[style].format(date);
}
