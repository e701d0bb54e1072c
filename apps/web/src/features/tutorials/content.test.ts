import { tutorialLevels, tutorialsTexts } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { tutorials, tutorialsFor } from './content';

describe('tutorials content', () => {
  it('fills every tab with tutorials lasting 4 to 25 minutes (spec §2 Tutorials)', () => {
    for (const level of tutorialLevels) expect(tutorialsFor(level).length).toBeGreaterThan(0);
    for (const tutorial of tutorials) {
      expect(tutorial.minutes).toBeGreaterThanOrEqual(tutorialsTexts.minMinutes);
      expect(tutorial.minutes).toBeLessThanOrEqual(tutorialsTexts.maxMinutes);
    }
    const minutes = tutorials.map((t) => t.minutes);
    expect(Math.min(...minutes)).toBe(tutorialsTexts.minMinutes);
    expect(Math.max(...minutes)).toBe(tutorialsTexts.maxMinutes);
  });

  it('gives each tutorial a unique id and real steps', () => {
    expect(new Set(tutorials.map((t) => t.id)).size).toBe(tutorials.length);
    for (const tutorial of tutorials) {
      expect(tutorial.steps.length).toBeGreaterThanOrEqual(4);
      expect(new Set(tutorial.steps.map((s) => s.title)).size).toBe(tutorial.steps.length);
    }
  });

  it('writes API samples against the public endpoints, with the site address filled in later', () => {
    const code = tutorialsFor('api')
      .flatMap((t) => t.steps.map((s) => s.code ?? ''))
      .join('\n');
    expect(code).toContain('{{origin}}/api/v1/remove-background');
    expect(code).toContain('/api/v1/user/usage');
    expect(code).toContain('Accept: image/png');
  });
});
