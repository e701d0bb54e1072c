import type { Browser, Page } from '@playwright/test';

export declare const homeGoalGzip: number;
export declare const pageGoalGzip: number;
export declare const overGoalCeilingsKb: Readonly<Record<string, number>>;
export declare function firstLoadGoal(pagePath: string): number;
export declare function firstLoadCeiling(pagePath: string): number;

export interface FirstLoad {
  /** How many scripts the page fetched. */
  scripts: number;
  /** Their bytes as served, and gzip-compressed at level 9. */
  raw: number;
  gzip: number;
}

export declare function measureFirstLoad(browser: Browser, url: string): Promise<FirstLoad>;

/** The same measure on the first page of a fresh context; the page stays on `url`. */
export declare function measureFirstLoadOn(page: Page, url: string): Promise<FirstLoad>;
