import { navTexts, paths } from '@cutout/contracts';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { anAdmin, anUser, renderAt, testQueryClient } from '../../../test/render';
import { UserMenu } from './user-menu';

async function openMenu() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: /Account menu/ }));
  return screen.findByRole('menu');
}

describe('avatar menu', () => {
  it('shows the initials of the name on the avatar', () => {
    renderAt(<UserMenu user={anUser} />, { queryClient: testQueryClient({ user: anUser }) });
    expect(screen.getByRole('button', { name: 'JD Account menu' })).toHaveTextContent('JD');
  });

  it('falls back to the first two letters of the e-mail when there is no name', () => {
    const noName = { ...anUser, name: null };
    renderAt(<UserMenu user={noName} />, { queryClient: testQueryClient({ user: noName }) });
    expect(screen.getByRole('button', { name: /Account menu/ })).toHaveTextContent('JA');
  });

  it('offers My Account, Dashboard and Sign out, but no Admin Panel, to a user', async () => {
    renderAt(<UserMenu user={anUser} />, { queryClient: testQueryClient({ user: anUser }) });
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: navTexts.myAccount })).toHaveAttribute(
      'href',
      paths.dashboardSettings,
    );
    expect(within(menu).getByRole('menuitem', { name: navTexts.dashboard })).toHaveAttribute(
      'href',
      paths.dashboard,
    );
    expect(within(menu).getByRole('menuitem', { name: navTexts.signOut })).toBeInTheDocument();
    expect(within(menu).queryByRole('menuitem', { name: navTexts.adminPanel })).toBeNull();
  });

  it('offers the Admin Panel to an admin', async () => {
    renderAt(<UserMenu user={anAdmin} />, { queryClient: testQueryClient({ user: anAdmin }) });
    const menu = await openMenu();
    expect(within(menu).getByRole('menuitem', { name: navTexts.adminPanel })).toHaveAttribute(
      'href',
      paths.admin,
    );
  });
});
