import { navTexts, paths } from '@cutout/contracts';
import { fireEvent, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { renderAt } from '../../../test/render';
import { siteMenus } from '../nav-links';

// A fresh module each time: the menu code, once loaded, stays loaded for the page's life.
async function renderResourcesMenu() {
  vi.resetModules();
  const { NavMenu } = await import('./nav-menu');
  renderAt(<NavMenu group={siteMenus[1]!} />);
  return screen.getByRole('button', { name: navTexts.resources });
}

describe('header menu loaded after the page', () => {
  it('shows a stand-in trigger first, and opens the menu for a click made before its code arrived', async () => {
    const standIn = await renderResourcesMenu();
    // Radix's trigger carries data-state; the stand-in does not.
    expect(standIn).not.toHaveAttribute('data-state');
    expect(standIn).toHaveAttribute('aria-haspopup', 'menu');
    fireEvent.click(standIn);

    const menu = await screen.findByRole('menu');
    expect(
      within(menu)
        .getAllByRole('menuitem')
        .map((item) => item.getAttribute('href')),
    ).toEqual([paths.documentation, paths.api, paths.blog, paths.tutorials]);
    expect(screen.getByRole('button', { name: navTexts.resources })).toHaveAttribute(
      'data-state',
      'open',
    );
  });

  it('opens the menu when its code arrives between the press and the click', async () => {
    const standIn = await renderResourcesMenu();
    expect(standIn).not.toHaveAttribute('data-state');
    fireEvent.pointerDown(standIn, { button: 0 });
    // The code is there: Radix's trigger has replaced the stand-in, so the click misses it.
    await waitFor(() =>
      expect(screen.getByRole('button', { name: navTexts.resources })).not.toBe(standIn),
    );
    fireEvent.pointerUp(standIn);
    fireEvent.click(standIn);
    expect(await screen.findByRole('menu')).toBeInTheDocument();
  });
});
