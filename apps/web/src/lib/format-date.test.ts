import { describe, expect, it } from 'vitest';
import { formatDate } from './format-date';

describe('formatDate', () => {
  const iso = '2026-03-04T12:34:56Z';

  it('writes each style in en-US', () => {
    expect(formatDate(iso, 'utcDay')).toBe('Mar 4, 2026');
    expect(formatDate(iso)).toMatch(/^Mar [45], 2026$/);
    expect(formatDate(iso, 'long')).toMatch(/^March [45], 2026$/);
    expect(formatDate(iso, 'dateTime')).toMatch(/^Mar [45], 2026, \d{1,2}:\d{2} [AP]M$/);
    expect(formatDate(iso, 'seconds')).toMatch(/^Mar [45], 2026, \d{1,2}:\d{2}:56 [AP]M$/);
  });

  it('shows a dash for no date and the text itself for one that does not parse', () => {
    expect(formatDate(null)).toBe('—');
    expect(formatDate('')).toBe('—');
    expect(formatDate('soon')).toBe('soon');
  });
});
