import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { tutorialsTexts } from '@cutout/contracts';
import { describe, expect, it } from 'vitest';
import { renderAt } from '../../../test/render';
import { tutorials } from '../content';
import { TutorialCard } from './tutorial-card';

describe('TutorialCard', () => {
  it('shows duration and level, and Start Tutorial opens the written steps', async () => {
    const tutorial = tutorials.find((t) => t.id === 'api-curl')!;
    renderAt(<TutorialCard tutorial={tutorial} />);
    const card = screen.getByRole('article', { name: tutorial.title });
    expect(within(card).getByText(tutorialsTexts.duration(tutorial.minutes))).toBeInTheDocument();
    expect(within(card).getByText(tutorial.level)).toBeInTheDocument();

    const start = within(card).getByRole('button', { name: tutorialsTexts.startTutorial });
    expect(start).toHaveAttribute('aria-expanded', 'false');
    await userEvent.click(start);
    const dialog = await screen.findByRole('dialog', { name: tutorial.title });
    const steps = within(dialog).getAllByRole('heading', { level: 4 });
    expect(steps.map((h) => h.textContent)).toEqual(tutorial.steps.map((s) => s.title));
    // Code samples name this site's address, not the placeholder.
    expect(dialog.textContent).toContain(`${window.location.origin}/api/v1/remove-background`);
    expect(dialog.textContent).not.toContain('{{origin}}');

    await userEvent.click(within(dialog).getByRole('button', { name: tutorialsTexts.close }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
    // The steps load on intent, the button stays the page's own: it gets the focus back.
    expect(start).toHaveFocus();
    expect(start).toHaveAttribute('aria-expanded', 'false');
  });
});
