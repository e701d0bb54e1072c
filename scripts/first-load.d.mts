import type { Browser } from '@playwright/test';

export declare const firstLoadBudgetGzip: number;
export declare const firstLoadCeilingGzip: number;

export interface FirstLoad {
  /** How many scripts the page fetched. */
  scripts: number;
  /** Their bytes as served, and gzip-compressed at level 9. */
  raw: number;
  gzip: number;
}

export declare function measureFirstLoad(browser: Browser, url: string): Promise<FirstLoad>;
