import { pagesTexts, type PageSummary, type PublicPage } from '@cutout/contracts';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { apiError, json, stubFetch } from '../../test/fetch';
import { anAdmin, renderAt, testQueryClient } from '../../test/render';
import { resetToastSpy, toastModuleMock, toastSpy } from '../../test/toast-mock';
import { ContentPageView } from './components/content-page-view';
import { PagesScreen } from './components/pages-screen';

vi.mock('../../lib/toast', () => toastModuleMock);

// The Page Management screen against a stubbed Page API, and the content page's templates.

function summary(i: number, overrides: Partial<PageSummary> = {}): PageSummary {
  return {
    id: `p${i}`,
    title: `Page ${i}`,
    slug: `/page-${i}`,
    status: 'draft',
    template: 'default',
    excerpt: '',
    meta_title: '',
    meta_description: '',
    meta_keywords: '',
    featured_image: '',
    author: 'Admin',
    seo_score: 45,
    last_edited: '2026-11-20T10:00:00.000Z',
    created_at: '2026-11-20T10:00:00.000Z',
    content_length: 120,
    created_by: 'a1',
    updated_by: 'a1',
    ...overrides,
  };
}

const stats = { total: 25, published: 10, draft: 10, archived: 5 };

function answerList(total = 25) {
  return stubFetch(({ method, url }) => {
    if (url === '/api/pages/stats') return json(stats);
    if (method === 'GET' && url.startsWith('/api/pages?')) {
      const query = new URL(url, 'http://x').searchParams;
      const page = Number(query.get('page'));
      const count = Math.max(0, Math.min(10, total - (page - 1) * 10));
      return json({
        pages: Array.from({ length: count }, (_, i) => summary((page - 1) * 10 + i)),
        total,
      });
    }
    if (method === 'POST' && url === '/api/pages') {
      return apiError(409, pagesTexts.slugTaken, { slug: pagesTexts.slugTaken }, 'conflict');
    }
    return apiError(404, 'Not found');
  });
}

function renderScreen() {
  return renderAt(<PagesScreen />, {
    path: '/admin/pages',
    queryClient: testQueryClient({ user: anAdmin }),
  });
}

beforeEach(() => resetToastSpy());
afterEach(() => vi.unstubAllGlobals());

describe('Page Management', () => {
  it('shows the stat cards, the table, colours the SEO score and paginates 10 at a time', async () => {
    const calls = answerList();
    renderScreen();
    expect(await screen.findByText('Page 0')).toBeInTheDocument();
    expect(screen.getByTestId(`stat-${pagesTexts.stats.total}`)).toHaveTextContent('25');
    expect(screen.getByTestId(`stat-${pagesTexts.stats.archived}`)).toHaveTextContent('5');
    expect(screen.getByText(pagesTexts.showing(1, 10, 25))).toBeInTheDocument();
    expect(screen.getByText(pagesTexts.pageOf(1, 3))).toBeInTheDocument();
    expect(screen.getAllByText('45')[0]).toHaveAttribute('data-colour', 'red');
    expect(
      screen.getByRole('button', { name: `${pagesTexts.actions.viewLive} Page 0` }),
    ).toBeDisabled();
    expect(
      screen.getByRole('link', { name: `${pagesTexts.actions.preview} Page 0` }),
    ).toHaveAttribute('href', '/page-0?preview=true');

    const user = userEvent.setup();
    await user.click(screen.getByRole('button', { name: pagesTexts.next }));
    expect(await screen.findByText(pagesTexts.showing(11, 20, 25))).toBeInTheDocument();
    expect(calls.some((c) => c.url === '/api/pages?page=2&per_page=10')).toBe(true);

    // A filter change goes back to page 1.
    await user.selectOptions(screen.getByLabelText(pagesTexts.statusFilter), 'archived');
    await waitFor(() =>
      expect(calls.some((c) => c.url === '/api/pages?page=1&per_page=10&status=archived')).toBe(
        true,
      ),
    );
    await user.selectOptions(screen.getByLabelText(pagesTexts.templateFilter), 'blog');
    await waitFor(() =>
      expect(
        calls.some((c) => c.url === '/api/pages?page=1&per_page=10&status=archived&template=blog'),
      ).toBe(true),
    );
  }, 30_000);

  it("hides 'Page X of Y' on a single page and says when there are none", async () => {
    answerList(0);
    renderScreen();
    expect(await screen.findByText(pagesTexts.empty)).toBeInTheDocument();
    expect(screen.getByText(pagesTexts.showing(0, 0, 0))).toBeInTheDocument();
    expect(screen.queryByTestId('pages-page-of')).toBeNull();
    expect(screen.getByRole('button', { name: pagesTexts.next })).toBeDisabled();
  });

  it("toasts 'Failed to load pages' when the list fails", async () => {
    stubFetch(() => apiError(403, 'You do not have permission to do that.'));
    renderScreen();
    expect(await screen.findAllByText(pagesTexts.loadFailed)).not.toHaveLength(0);
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith(pagesTexts.loadFailed, {
        description: 'You do not have permission to do that.',
      }),
    );
  });

  it('the Add dialog checks required fields, generates the slug, scores live and shows server errors', async () => {
    const calls = answerList();
    renderScreen();
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: pagesTexts.addPage }));
    const dialog = await screen.findByRole('dialog');
    await user.click(within(dialog).getByRole('button', { name: pagesTexts.create }));
    expect(await within(dialog).findAllByText(pagesTexts.requiredFields)).toHaveLength(3);
    expect(calls.some((c) => c.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByLabelText(pagesTexts.fields.title));
    await user.paste('About Our Team!');
    await user.click(within(dialog).getByRole('button', { name: pagesTexts.fields.generate }));
    expect(within(dialog).getByLabelText(pagesTexts.fields.slug)).toHaveValue('/about-our-team');
    await user.click(within(dialog).getByLabelText(pagesTexts.fields.content));
    await user.paste('x'.repeat(160));

    await user.click(within(dialog).getByRole('tab', { name: pagesTexts.tabs.preview }));
    // Content 150+ → 10 and a short address → 10; nothing else yet, and the list says what to add.
    expect(within(dialog).getByTestId('preview-seo-score')).toHaveTextContent('20/100');
    const checks = within(dialog).getByTestId('seo-checks');
    expect(within(checks).getByText('Add a meta title of 50–60 characters.')).toBeInTheDocument();
    expect(checks.querySelector('[data-check="slug"]')).toHaveTextContent('10/10');
    expect(within(dialog).getByTestId('preview-content-length')).toHaveTextContent(
      '160 characters',
    );

    await user.click(within(dialog).getByRole('button', { name: pagesTexts.create }));
    await waitFor(() =>
      expect(toastSpy.error).toHaveBeenCalledWith(pagesTexts.createFailed, {
        description: pagesTexts.slugTaken,
      }),
    );
    // The slug's message shows on the Content tab, which is brought forward.
    expect(await within(dialog).findByText(pagesTexts.slugTaken)).toBeVisible();
    const post = calls.find((c) => c.method === 'POST');
    expect(post?.body).toMatchObject({
      title: 'About Our Team!',
      slug: '/about-our-team',
      status: 'draft',
      author: 'Admin',
    });
  }, 30_000);
});

const base: PublicPage = {
  id: 'p1',
  title: 'Meet the team',
  slug: '/team',
  status: 'published',
  template: 'default',
  content: '<h2>Hello</h2><p>We remove backgrounds.</p>',
  excerpt: 'The people behind Cutout.',
  meta_title: '',
  meta_description: '',
  meta_keywords: '',
  featured_image: '/team.png',
  author: 'Grace',
  seo_score: 50,
  last_edited: '2026-11-20T10:00:00.000Z',
  created_at: '2026-11-20T10:00:00.000Z',
};

describe('content page templates', () => {
  it('default and contact: the title and the content, as HTML', () => {
    for (const template of ['default', 'contact'] as const) {
      const { unmount } = render(<ContentPageView page={{ ...base, template }} />);
      expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Meet the team');
      expect(screen.getByRole('heading', { level: 2 })).toHaveTextContent('Hello');
      expect(screen.queryByText(base.excerpt)).toBeNull();
      expect(screen.queryByRole('img')).toBeNull();
      unmount();
    }
  });

  it('landing: a hero with the featured image, title and excerpt over the content', () => {
    const { container } = render(<ContentPageView page={{ ...base, template: 'landing' }} />);
    expect(container.querySelector('section img')).toHaveAttribute('src', '/team.png');
    expect(
      within(container.querySelector('section')!).getByRole('heading', { level: 1 }),
    ).toHaveTextContent('Meet the team');
    expect(screen.getByText(base.excerpt)).toBeInTheDocument();
  });

  it("blog: title, excerpt, 'By {author}', the date and the image", () => {
    render(<ContentPageView page={{ ...base, template: 'blog' }} />);
    expect(screen.getByText('By Grace')).toBeInTheDocument();
    expect(screen.getByText('November 20, 2026')).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Meet the team' })).toHaveAttribute('src', '/team.png');
  });

  it('about: centred, with the excerpt and the image', () => {
    const { container } = render(<ContentPageView page={{ ...base, template: 'about' }} />);
    expect(container.querySelector('article')).toHaveClass('text-center');
    expect(screen.getByText(base.excerpt)).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Meet the team' })).toBeInTheDocument();
  });

  it('marks a preview of a page that is not published', () => {
    render(<ContentPageView page={{ ...base, status: 'draft' }} />);
    expect(screen.getByRole('note')).toHaveTextContent(pagesTexts.previewBanner('draft'));
  });
});
