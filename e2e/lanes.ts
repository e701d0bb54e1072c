import { readdirSync } from 'node:fs';

// The browser tests can run as lanes: separate Playwright runs side by side, each with its own
// production server, port and data directory (`E2E_LANE=1/2`, `E2E_LANE=2/2`; CI does,
// decision 0180). A lane takes whole spec files, so a file's tests keep their order and their
// server. Files are dealt out by their measured time (seconds on a quiet machine, each file run
// alone with E2E_TRACE=off, 2026-11-26), longest first, each to the lane with the least so far; a
// file not measured yet counts as the median.

const seconds: Record<string, number> = {
  'every-public-page.spec.ts': 84,
  'pages.spec.ts': 41,
  'shell.spec.ts': 38,
  'public-pages.spec.ts': 37,
  'accessibility.spec.ts': 34,
  // Measured 2026-11-29 alone with E2E_TRACE=off, but on a loaded machine (load average ~18).
  'leaving.spec.ts': 31,
  'admin-users.spec.ts': 24,
  'payments.spec.ts': 23,
  'narrow-screens.spec.ts': 23,
  'free-try-history.spec.ts': 22,
  'editor.spec.ts': 22,
  'accounts.spec.ts': 21,
  'pricing-api.spec.ts': 20,
  'batch.spec.ts': 20,
  'backgrounds.spec.ts': 18,
  'blog-contact.spec.ts': 18,
  'touch-up.spec.ts': 17,
  'admin-orders-pricing.spec.ts': 15,
  'api-keys.spec.ts': 13,
  'admin-integrations.spec.ts': 11,
  'admin-database.spec.ts': 8,
  'admin-database-backup.spec.ts': 10,
  'admin-backups.spec.ts': 8,
};

export interface Lane {
  index: number;
  count: number;
}

/** `E2E_LANE` ("1/2") read, or undefined for one run of every file. */
export function laneFromEnv(value: string | undefined): Lane | undefined {
  if (!value) return undefined;
  const match = /^(\d+)\/(\d+)$/.exec(value);
  const index = Number(match?.[1]);
  const count = Number(match?.[2]);
  if (!match || index < 1 || index > count) {
    throw new Error(`E2E_LANE must look like 1/2 (lane/lanes), not "${value}"`);
  }
  return { index, count };
}

/** The spec files of `lane`, out of `files` (names inside tests/). */
export function filesOfLane(files: readonly string[], lane: Lane): string[] {
  const known = Object.values(seconds).sort((a, b) => a - b);
  const median = known[Math.floor(known.length / 2)] ?? 1;
  const weight = (file: string) => seconds[file] ?? median;
  const lanes = Array.from({ length: lane.count }, () => ({ total: 0, files: [] as string[] }));
  const ordered = [...files].sort((a, b) => weight(b) - weight(a) || a.localeCompare(b));
  for (const file of ordered) {
    const lightest = lanes.reduce((min, l) => (l.total < min.total ? l : min));
    lightest.files.push(file);
    lightest.total += weight(file);
  }
  return lanes[lane.index - 1]!.files.sort();
}

export function specFiles(testDir: string): string[] {
  return readdirSync(testDir).filter((name) => name.endsWith('.spec.ts'));
}
