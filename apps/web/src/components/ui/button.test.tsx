import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { createRef } from 'react';
import { describe, expect, it, vi } from 'vitest';
import { Button } from './button';

describe('Button asChild', () => {
  it('renders the child with the button classes added to its own', () => {
    render(
      <Button asChild variant="outline">
        <a href="/pricing" className="extra">
          Pricing
        </a>
      </Button>,
    );
    const link = screen.getByRole('link', { name: 'Pricing' });
    expect(link).toHaveAttribute('href', '/pricing');
    expect(link).toHaveClass('extra', 'inline-flex', 'border');
    expect(screen.queryByRole('button')).toBeNull();
  });

  it("runs the child's handler, then the button's, and gives both refs the element", async () => {
    const calls: string[] = [];
    const childRef = createRef<HTMLAnchorElement>();
    const buttonRef = createRef<HTMLButtonElement>();
    const onButtonClick = vi.fn(() => calls.push('button'));
    render(
      <Button asChild ref={buttonRef} onClick={onButtonClick}>
        <a href="#x" ref={childRef} onClick={() => calls.push('child')}>
          Go
        </a>
      </Button>,
    );
    await userEvent.setup().click(screen.getByRole('link', { name: 'Go' }));
    expect(calls).toEqual(['child', 'button']);
    expect(childRef.current).toBe(screen.getByRole('link'));
    expect(buttonRef.current).toBe(screen.getByRole('link'));
  });
});
