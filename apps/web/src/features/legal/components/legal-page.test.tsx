import {
  accountDeletionStatement,
  leavingTexts,
  legalTexts,
  pageTexts,
  paths,
} from '@cutout/contracts';
import { screen, waitFor, within } from '@testing-library/react';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { resetToastSpy, toastSpy } from '../../../test/toast-mock';
import { cookiePolicy, privacyPolicy } from '../content';
import { LegalPage } from './legal-page';

vi.mock(
  '../../../lib/toast',
  async () => (await import('../../../test/toast-mock')).toastModuleMock,
);

describe('LegalPage', () => {
  beforeEach(resetToastSpy);

  it("shows today's date as Last updated and a brief toast on opening", async () => {
    vi.useFakeTimers({ now: new Date(2026, 2, 7, 12), toFake: ['Date'] });
    renderAt(
      <LegalPage
        page={pageTexts.privacy}
        document={privacyPolicy}
        toastTitle={legalTexts.toasts.privacy}
      />,
    );
    vi.useRealTimers();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(pageTexts.privacy.title);
    const date = screen.getByText('March 7, 2026');
    expect(date.tagName).toBe('TIME');
    expect(date).toHaveAttribute('datetime', '2026-03-07');
    expect(date.parentElement).toHaveTextContent(`${legalTexts.lastUpdated}: March 7, 2026`);

    // The toast waits for the page to have loaded and a moment more (use-entry-toast.ts).
    await waitFor(() => expect(toastSpy.info).toHaveBeenCalledTimes(1), { timeout: 4000 });
    const [title, options] = toastSpy.info.mock.calls[0]!;
    expect(title).toBe(legalTexts.toasts.privacy);
    expect(options.duration).toBeGreaterThanOrEqual(2000);
    expect(options.duration).toBeLessThanOrEqual(5000);
  });

  it('says what deleting an account erases and keeps: every line of the one statement (decision 0270)', () => {
    renderAt(
      <LegalPage
        page={pageTexts.privacy}
        document={privacyPolicy}
        toastTitle={legalTexts.toasts.privacy}
      />,
    );
    const section = document.getElementById('leaving')!;
    expect(within(section).getByRole('heading', { level: 2 })).toHaveTextContent(
      leavingTexts.privacyHeading,
    );
    expect(
      within(section)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual([...accountDeletionStatement.erasedNow, ...accountDeletionStatement.kept]);
  });

  it('shows a fixed date when given one, and links to the contact page', () => {
    renderAt(
      <LegalPage
        page={pageTexts.cookies}
        document={cookiePolicy}
        toastTitle={legalTexts.toasts.cookies}
        lastUpdated={{ label: legalTexts.cookiesLastUpdated, date: new Date(2023, 4, 1) }}
      />,
    );
    expect(screen.getByText('May 1, 2023')).toHaveAttribute('datetime', '2023-05-01');
    expect(screen.getByRole('link', { name: legalTexts.contactLink })).toHaveAttribute(
      'href',
      paths.contact,
    );
    // Every section is reachable from the table of contents.
    const nav = screen.getByRole('navigation', { name: legalTexts.contentsLabel });
    for (const section of cookiePolicy.sections) {
      expect(nav.querySelector(`a[href="#${section.id}"]`)).not.toBeNull();
      expect(document.getElementById(section.id)).not.toBeNull();
    }
  });
});
