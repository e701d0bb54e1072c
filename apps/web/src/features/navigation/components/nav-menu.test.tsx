import { navTexts, paths } from '@cutout/contracts';
import { fireEvent, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { siteMenus } from '../nav-links';
import { NavMenu } from './nav-menu';

describe('header menu loaded after the page', () => {
  it('shows a stand-in trigger first, and opens the menu for a click made before its code arrived', async () => {
    renderAt(<NavMenu group={siteMenus[1]!} />);
    const standIn = screen.getByRole('button', { name: navTexts.resources });
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
});
