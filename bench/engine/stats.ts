export function median(values: number[]): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  const mid = Math.floor(sorted.length / 2);
  return sorted.length % 2 ? sorted[mid]! : (sorted[mid - 1]! + sorted[mid]!) / 2;
}

/** The value at or below which p % of the values fall (nearest rank). */
export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  const index = Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1));
  return sorted[index] ?? Number.NaN;
}

export const ms = (v: number): string => (Number.isFinite(v) ? `${Math.round(v)} ms` : 'n/a');
export const ratio = (v: number): string => (Number.isFinite(v) ? `${v.toFixed(2)}×` : 'n/a');
export const mb = (bytes: number): string => `${Math.round(bytes / 1024 / 1024)} MB`;

export function table(headers: string[], rows: (string | number)[][]): string {
  const lines = [
    `| ${headers.join(' | ')} |`,
    `| ${headers.map(() => '---').join(' | ')} |`,
    ...rows.map((row) => `| ${row.join(' | ')} |`),
  ];
  return lines.join('\n');
}
