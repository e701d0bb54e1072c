import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Tabs, TabsContent, TabsList, TabsTrigger } from './tabs';

function Example({ onValueChange }: { onValueChange?: (value: string) => void }) {
  return (
    <Tabs defaultValue="one" onValueChange={onValueChange}>
      <TabsList aria-label="Numbers">
        <TabsTrigger value="one">One</TabsTrigger>
        <TabsTrigger value="two">Two</TabsTrigger>
        <TabsTrigger value="three">Three</TabsTrigger>
      </TabsList>
      <TabsContent value="one">First panel</TabsContent>
      <TabsContent value="two">Second panel</TabsContent>
      <TabsContent value="three" forceMount>
        Third panel
      </TabsContent>
    </Tabs>
  );
}

const tab = (name: string) => screen.getByRole('tab', { name });

describe('Tabs', () => {
  it('shows the selected panel, named by its tab, and keeps the others hidden', () => {
    render(<Example />);
    expect(screen.getByRole('tablist', { name: 'Numbers' })).toBeInTheDocument();
    expect(tab('One')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Two')).toHaveAttribute('aria-selected', 'false');
    const first = screen.getByRole('tabpanel', { name: 'One' });
    expect(first).toHaveTextContent('First panel');
    expect(tab('One')).toHaveAttribute('aria-controls', first.id);
    expect(screen.queryByText('Second panel')).toBeNull();
    // forceMount: rendered while unselected, with data-state for the caller to hide it.
    const third = screen.getByText('Third panel');
    expect(third).toHaveAttribute('data-state', 'inactive');
    expect(third).not.toHaveAttribute('hidden');
  });

  it('selects a tab on click and reports the change', async () => {
    const onValueChange = vi.fn();
    render(<Example onValueChange={onValueChange} />);
    await userEvent.click(tab('Two'));
    expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
    expect(tab('Two')).toHaveAttribute('data-state', 'active');
    expect(screen.getByRole('tabpanel', { name: 'Two' })).toHaveTextContent('Second panel');
    expect(screen.queryByText('First panel')).toBeNull();
    expect(onValueChange).toHaveBeenCalledExactlyOnceWith('two');
  });

  it('is one tab stop; arrow keys, Home and End move between tabs and select them', async () => {
    const user = userEvent.setup();
    render(
      <>
        <button type="button">Before</button>
        <Example />
      </>,
    );
    expect(tab('One')).toHaveAttribute('tabindex', '0');
    expect(tab('Two')).toHaveAttribute('tabindex', '-1');
    await user.click(screen.getByRole('button', { name: 'Before' }));
    await user.tab();
    expect(tab('One')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('Two')).toHaveFocus();
    expect(tab('Two')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{End}');
    expect(tab('Three')).toHaveFocus();
    await user.keyboard('{ArrowRight}');
    expect(tab('One')).toHaveFocus();
    await user.keyboard('{ArrowLeft}');
    expect(tab('Three')).toHaveAttribute('aria-selected', 'true');
    await user.keyboard('{Home}');
    expect(tab('One')).toHaveAttribute('aria-selected', 'true');
    // Tab leaves the list for the selected panel.
    await user.tab();
    expect(screen.getByRole('tabpanel', { name: 'One' })).toHaveFocus();
  });

  it('follows a controlled value', async () => {
    function Controlled() {
      const [value, setValue] = useState('one');
      return (
        <>
          <button type="button" onClick={() => setValue('three')}>
            Jump
          </button>
          <Tabs value={value} onValueChange={setValue}>
            <TabsList>
              <TabsTrigger value="one">One</TabsTrigger>
              <TabsTrigger value="three">Three</TabsTrigger>
            </TabsList>
            <TabsContent value="one">First panel</TabsContent>
            <TabsContent value="three">Third panel</TabsContent>
          </Tabs>
        </>
      );
    }
    render(<Controlled />);
    await userEvent.click(screen.getByRole('button', { name: 'Jump' }));
    expect(tab('Three')).toHaveAttribute('aria-selected', 'true');
    expect(screen.getByRole('tabpanel', { name: 'Three' })).toHaveTextContent('Third panel');
  });
});
