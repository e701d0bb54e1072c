import { navTexts, paths } from '@cutout/contracts';
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { SiteFooter } from './site-footer';

afterEach(() => {
  vi.useRealTimers();
});

describe('footer', () => {
  it('shows the current year in the copyright line', () => {
    renderAt(<SiteFooter />);
    const year = new Date().getFullYear();
    expect(screen.getByText(`© ${year} Cutout. All rights reserved.`)).toBeInTheDocument();
  });

  it('computes the year when it renders, not when it was built', () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2031-03-01T12:00:00Z'));
    renderAt(<SiteFooter />);
    expect(screen.getByText('© 2031 Cutout. All rights reserved.')).toBeInTheDocument();
  });

  it('has the Product, Resources and Company columns and the legal links', () => {
    renderAt(<SiteFooter />);
    const column = (name: string) => screen.getByRole('navigation', { name });
    const hrefs = (name: string) =>
      within(column(name))
        .getAllByRole('link')
        .map((link) => link.getAttribute('href'));
    expect(hrefs(navTexts.product)).toEqual([paths.features, paths.blog]);
    expect(hrefs(navTexts.resources)).toEqual([paths.documentation, paths.tutorials, paths.api]);
    expect(hrefs(navTexts.company)).toEqual([paths.about, paths.contact, paths.privacy]);
    expect(hrefs('Legal')).toEqual([paths.terms, paths.privacy, paths.cookies]);
  });
});
