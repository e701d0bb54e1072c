import { navTexts, paths } from '@cutout/contracts';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link } from 'react-router';
import { describe, expect, it } from 'vitest';
import { anUser, renderRoutes, testQueryClient } from '../../../test/render';
import { SiteHeader } from './site-header';

function page(header: React.ReactNode, text: string) {
  return (
    <>
      {header}
      <p>{text}</p>
      <Link to={paths.about}>Outside link</Link>
    </>
  );
}

describe('mobile menu', () => {
  it('toggles with aria-expanded and aria-controls, and closes on Escape', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: page(<SiteHeader />, 'Home') }], {
      queryClient: testQueryClient({ user: null }),
    });
    const toggle = screen.getByRole('button', { name: navTexts.toggleMenu });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-controls', 'mobile-menu');
    expect(document.getElementById('mobile-menu')).toBeNull();

    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const panel = document.getElementById('mobile-menu')!;
    expect(within(panel).getByRole('link', { name: navTexts.documentation })).toHaveAttribute(
      'href',
      paths.documentation,
    );
    expect(within(panel).getByRole('link', { name: navTexts.signIn })).toBeInTheDocument();

    await user.keyboard('{Escape}');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(document.getElementById('mobile-menu')).toBeNull();
    expect(toggle).toHaveFocus();
  });

  it('closes when the visitor navigates, by any link', async () => {
    const user = userEvent.setup();
    const { router } = renderRoutes(
      [
        { path: '/', element: page(<SiteHeader />, 'Home') },
        { path: paths.about, element: page(<SiteHeader />, 'About page') },
        { path: paths.pricing, element: page(<SiteHeader />, 'Pricing page') },
      ],
      { queryClient: testQueryClient({ user: null }) },
    );
    await user.click(screen.getByRole('button', { name: navTexts.toggleMenu }));
    const panel = document.getElementById('mobile-menu')!;
    await user.click(within(panel).getByRole('link', { name: navTexts.pricing }));
    expect(await screen.findByText('Pricing page')).toBeInTheDocument();
    expect(document.getElementById('mobile-menu')).toBeNull();

    await user.click(screen.getByRole('button', { name: navTexts.toggleMenu }));
    await act(() => router.navigate(paths.about));
    expect(await screen.findByText('About page')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: navTexts.toggleMenu })).toHaveAttribute(
      'aria-expanded',
      'false',
    );
  });
});

describe('the one site header (issue 26)', () => {
  it('shows Sign In and Sign Up to an anonymous visitor', () => {
    renderRoutes([{ path: '/', element: <SiteHeader /> }], {
      queryClient: testQueryClient({ user: null }),
    });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: navTexts.signIn })).toHaveAttribute(
      'href',
      paths.signIn,
    );
    expect(within(banner).getByRole('link', { name: navTexts.signUp })).toHaveAttribute(
      'href',
      paths.signUp,
    );
    expect(within(banner).queryByRole('link', { name: navTexts.dashboard })).toBeNull();
  });

  it('shows a Dashboard link and the avatar menu to a signed-in user', async () => {
    renderRoutes([{ path: '/', element: <SiteHeader /> }], {
      queryClient: testQueryClient({ user: anUser }),
    });
    const banner = screen.getByRole('banner');
    expect(within(banner).getByRole('link', { name: navTexts.dashboard })).toHaveAttribute(
      'href',
      paths.dashboard,
    );
    expect(await within(banner).findByRole('button', { name: /Account menu/ })).toHaveTextContent(
      'JD',
    );
    expect(within(banner).queryByRole('link', { name: navTexts.signIn })).toBeNull();
  });

  it('is transparent at the top and gets a background once scrolled past 10 px', () => {
    renderRoutes([{ path: '/', element: <SiteHeader /> }], {
      queryClient: testQueryClient({ user: null }),
    });
    const banner = screen.getByRole('banner');
    expect(banner).not.toHaveAttribute('data-scrolled');
    expect(banner.className).toContain('bg-transparent');
    act(() => {
      window.scrollY = 10;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(banner).not.toHaveAttribute('data-scrolled');
    act(() => {
      window.scrollY = 11;
      window.dispatchEvent(new Event('scroll'));
    });
    expect(banner).toHaveAttribute('data-scrolled');
    expect(banner.className).toContain('backdrop-blur');
    act(() => {
      window.scrollY = 0;
      window.dispatchEvent(new Event('scroll'));
    });
  });

  it('has the Main, Resources and Legal menus', async () => {
    const user = userEvent.setup();
    renderRoutes([{ path: '/', element: <SiteHeader /> }], {
      queryClient: testQueryClient({ user: null }),
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // Pointing at a menu loads the menus' code, and Radix's trigger replaces the stand-in; a
    // click aimed at the stand-in would then hit a detached button (user-event keeps the element
    // it was given), so click the trigger once it is there. A click on the stand-in before the
    // code arrives is nav-menu.test.tsx's.
    await user.hover(within(nav).getByRole('button', { name: navTexts.legal }));
    const legal = await waitFor(() => {
      const trigger = within(nav).getByRole('button', { name: navTexts.legal });
      expect(trigger).toHaveAttribute('data-state', 'closed');
      return trigger;
    });
    await user.click(legal);
    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('href')),
    ).toEqual([paths.terms, paths.privacy, paths.cookies]);
  });
});
