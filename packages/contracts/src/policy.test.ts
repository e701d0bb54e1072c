import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { documentationPlanStatement } from './content/documentation.js';
import { plans } from './plans.js';
import { commercialPolicy, policyTexts } from './policy.js';
import { contradictingPhrases } from './policy-phrases.js';
import { creditsRemovedBy, refundableCents, refundRuleTexts } from './refund-rule.js';

// One commercial policy everywhere (issue 23, docs/decisions/0125): every text a visitor or a
// buyer can read — the public pages' copy, the spec texts, the mails and the invoices — is
// scanned for the phrases of the spec's contradicting promises. Comments are not scanned: they
// may name what was removed and why.

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

/** Where public page texts and mail templates live (admin-only screens are not public). */
const sources = [
  'packages/contracts/src',
  'apps/web/src',
  'apps/server/src/mail',
  'apps/server/src/modules',
];
const skip = (file: string) =>
  /\.test\.tsx?$/.test(file) ||
  /[/\\]admin[^/\\]*([/\\]|\.tsx?$)/.test(file.replace(root, '')) ||
  /[/\\](test|tests)[/\\]/.test(file.replace(root, '')) ||
  /policy(-phrases)?\.ts$/.test(file);

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return files(full);
    return /\.(ts|tsx|md)$/.test(name) && !skip(full) ? [full] : [];
  });
}

/** Every source file under `dir`, admin screens and tests included (for copies of a text). */
function all(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (name === 'node_modules' || name === 'dist') return [];
    if (statSync(full).isDirectory()) return all(full);
    return /\.(ts|tsx)$/.test(name) && !/\.test\.tsx?$/.test(name) ? [full] : [];
  });
}

/** The file without its comments (block, JSDoc and line comments). */
const code = (text: string) =>
  text
    .replace(/\/\*[\s\S]*?\*\//g, '')
    .split('\n')
    .filter((line) => !/^\s*\/\//.test(line))
    .join('\n');

describe('one commercial policy', () => {
  const scanned = sources.flatMap((dir) => files(path.join(root, dir)));

  it('scans the public texts and mail templates', () => {
    expect(scanned.length).toBeGreaterThan(50);
    // Every mail has its own file in mail/templates/ (decision 0225), the invoice mail among them.
    expect(
      scanned.some((f) => f.includes(path.join('mail', 'templates', '')) && f.endsWith('.ts')),
    ).toBe(true);
    expect(scanned.some((f) => f.endsWith(path.join('payments', 'texts.ts')))).toBe(true);
  });

  it('no page, mail or invoice says what the policy does not', () => {
    const found: string[] = [];
    for (const file of scanned) {
      const text = code(readFileSync(file, 'utf8'));
      for (const [phrase, instead] of contradictingPhrases) {
        const match = phrase.exec(text);
        if (match) found.push(`${path.relative(root, file)}: "${match[0]}" (say: ${instead})`);
      }
    }
    expect(found).toEqual([]);
  });

  it('states the refund rule once and shows it in the terms and the refund dialogs', () => {
    // Every refund dialog and the terms show the one text; none keeps a copy that could drift.
    for (const shown of [
      'apps/web/src/features/legal/content.ts',
      'apps/web/src/features/payments/components/orders-table.tsx',
      'apps/web/src/features/admin/components/subscription-detail.tsx',
      'apps/web/src/features/admin/components/order-resolution.tsx',
    ]) {
      expect(code(readFileSync(path.join(root, shown), 'utf8')), shown).toContain(
        'refundRuleTexts.rule',
      );
    }
    const copies = sources
      .flatMap((dir) => all(path.join(root, dir)))
      .filter((f) => !f.endsWith('refund-rule.ts'))
      .filter((f) => code(readFileSync(f, 'utf8')).includes('price × unused credits ÷ credits'));
    expect(copies).toEqual([]);
    // What the rule says is what its functions do: down to the cent, credits up.
    const pack = { totalCents: 515, credits: 10, refundedCents: 0, refundedCredits: 0 };
    expect(refundRuleTexts.rule).toMatch(/rounded down to the cent/);
    expect(refundableCents({ ...pack, unspentCredits: 7 })).toBe(360);
    expect(refundRuleTexts.rule).toMatch(/rounded up to a whole credit/);
    expect(creditsRemovedBy({ ...pack, unspentCredits: 10 }, 514)).toBe(10);
    expect(refundRuleTexts.rule).toMatch(/used after asking reduce it|processed after asking/);
  });

  it('catches a contradicting phrase when one comes back', () => {
    const text = code("const faq = 'Your credits never expire. 5 free images per month.';");
    expect(contradictingPhrases.filter(([p]) => p.test(text)).length).toBe(3);
    expect(code('// credits never expire (the old FAQ)')).not.toMatch(/never expire/);
  });

  it("catches the product claims that were untrue: no brushes, the order number as 'Receipt'", () => {
    const home = code("body: 'There are no layers, brushes or settings to learn'");
    const label = code("receiptNumber: 'Receipt',");
    expect(contradictingPhrases.filter(([p]) => p.test(home)).length).toBe(1);
    expect(contradictingPhrases.filter(([p]) => p.test(label)).length).toBe(1);
  });

  it('the Free card, the docs and the policy agree on the numbers', () => {
    const free = plans.find((p) => p.id === 'free')!;
    expect(free.credits).toBe(commercialPolicy.freeCredits);
    expect(free.features.join(' ')).toContain(`${commercialPolicy.freeCredits} free credits`);
    expect(documentationPlanStatement.free).toContain(
      `${commercialPolicy.freeCredits} free credits`,
    );
    expect(policyTexts.refunds).toContain(`${commercialPolicy.refundDays} days`);
    expect(policyTexts.validity).toContain('one year');
  });
});
