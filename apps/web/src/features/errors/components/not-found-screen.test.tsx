import { appTexts } from '@cutout/contracts';
import { screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { NotFoundScreen } from './not-found-screen';

describe('not-found screen', () => {
  it("shows the spec's texts and a Go Home link to /", () => {
    renderAt(<NotFoundScreen />, { path: '/no-such-page' });
    expect(screen.getByRole('heading', { level: 1, name: 'Page Not Found' })).toBeInTheDocument();
    expect(screen.getByText('The page you are looking for does not exist.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: appTexts.notFound.action })).toHaveAttribute(
      'href',
      '/',
    );
  });
});
