// Types of audit.mjs for bench/web-weight.ts, which imports it only once Lighthouse is installed
// (so they cannot come from Lighthouse's own types).

export declare const categories: readonly ['performance', 'accessibility', 'best-practices', 'seo'];
export type Category = (typeof categories)[number];

export type Scores = Record<Category, number>;

export interface FailingAudit {
  category: Category;
  title: string;
  score: number;
  displayValue?: string;
}

export interface PageAudit {
  page: string;
  /** Median of the runs, per category, 0–100. */
  median: Scores;
  runs: Scores[];
  /** Audits below a full score in the categories under the goal, from the median-performance run. */
  failing: FailingAudit[];
}

export declare function auditPages(
  baseUrl: string,
  pages: readonly string[],
  options: { runs: number; goal: number; reportDir?: string },
): Promise<PageAudit[]>;
