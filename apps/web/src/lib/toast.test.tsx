import { render, screen } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { AppProvider } from '../app/provider';
import { setViewportWidth } from '../test/match-media';
import { sonnerModule, loadToast, toastPositionFor } from './toast';

describe('toasts', () => {
  it('loads sonner only with the first toast, and that first toast is shown', async () => {
    render(<AppProvider>page</AppProvider>);
    expect(sonnerModule.getSnapshot()).toBeUndefined();
    expect(document.querySelector('[data-sonner-toaster]')).toBeNull();

    const toast = await loadToast();
    toast.success('Sign in successful', { description: 'Welcome back!' });

    expect(await screen.findByText('Sign in successful')).toBeInTheDocument();
    expect(screen.getByText('Welcome back!')).toBeInTheDocument();
    const toaster = document.querySelector('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('bottom');
    expect(toaster?.getAttribute('data-x-position')).toBe('right');
  });

  it('shows them top-right in the admin (spec §9), bottom-right elsewhere', async () => {
    render(<AppProvider toastPosition={toastPositionFor('/admin/users')}>admin page</AppProvider>);
    const toast = await loadToast();
    toast.success('Saved');
    expect(await screen.findByText('Saved')).toBeInTheDocument();
    const toaster = document.querySelector('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('top');
    expect(toaster?.getAttribute('data-x-position')).toBe('right');
  });
});

describe('toasts on a phone (issue 26)', () => {
  it('sit at the top, over the header, never over the working area at the bottom', async () => {
    setViewportWidth(360);
    render(<AppProvider>page</AppProvider>);
    const toast = await loadToast();
    toast.success('Account created');
    expect(await screen.findByText('Account created')).toBeInTheDocument();
    const toaster = document.querySelector('[data-sonner-toaster]');
    expect(toaster?.getAttribute('data-y-position')).toBe('top');
    setViewportWidth(1280);
    await vi.waitFor(() =>
      expect(document.querySelector('[data-sonner-toaster]')?.getAttribute('data-y-position')).toBe(
        'bottom',
      ),
    );
  });
});

describe('toastPositionFor', () => {
  it.each([
    ['/admin', 'top-right'],
    ['/admin/settings', 'top-right'],
    ['/admin/user-management', 'top-right'],
    ['/', 'bottom-right'],
    ['/dashboard', 'bottom-right'],
    ['/administrator-tips', 'bottom-right'],
  ])('%s → %s', (pathname, position) => {
    expect(toastPositionFor(pathname)).toBe(position);
  });
});
