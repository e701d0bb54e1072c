import { commercialPolicy, contradictingPhrases, freeCreditsCondition } from '@cutout/contracts';
import { expect, it } from 'vitest';
import { creditsOf, onBothDialects, signUp } from '../../test/accounts.js';

// The pricing cards are drawn from the plans the server serves from its database, not from the
// contracts' copy the policy test scans: the seeded and migrated rows must say what the one
// commercial policy says (issue 23, decision 0125), on SQLite and PostgreSQL.

onBothDialects('the plans served after the migrations', (get) => {
  it('promise what the policy promises: 10 free credits, and nothing it rules out', async () => {
    const { app } = get();
    const res = await app.inject({ url: '/api/plans' });
    expect(res.statusCode).toBe(200);
    const plans = res.json().plans as {
      id: string;
      credits: number;
      name: string;
      description: string;
      features: string[];
      validity?: string | null;
    }[];
    expect(plans.length).toBeGreaterThanOrEqual(5);
    const free = plans.find((p) => p.id === 'free')!;
    expect(free.credits).toBe(commercialPolicy.freeCredits);
    expect(free.features).toContain(
      `${commercialPolicy.freeCredits} free credits ${freeCreditsCondition}`,
    );

    const found: string[] = [];
    for (const plan of plans) {
      const text = [plan.name, plan.description, ...plan.features, plan.validity ?? ''].join('\n');
      for (const [phrase, instead] of contradictingPhrases) {
        const match = phrase.exec(text);
        if (match) found.push(`${plan.id}: "${match[0]}" (say: ${instead})`);
      }
    }
    expect(found).toEqual([]);

    // And a new account gets what the Free card says, once its address is confirmed.
    const user = await signUp(app);
    expect(await creditsOf(app, user.cookie)).toBe(commercialPolicy.freeCredits);
  });
});
