import { act, render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HorizontalScroll } from './horizontal-scroll';

// jsdom does no layout: the box's widths are set by hand, as a 360 px phone would measure them.
function measure(box: HTMLElement, { scrollWidth, clientWidth }: Record<string, number>) {
  Object.defineProperty(box, 'scrollWidth', { configurable: true, value: scrollWidth });
  Object.defineProperty(box, 'clientWidth', { configurable: true, value: clientWidth });
}

const original = globalThis.ResizeObserver;
afterEach(() => {
  globalThis.ResizeObserver = original;
});

describe('HorizontalScroll', () => {
  it('shows the hint while more lies to the right, and names the box only while it scrolls', () => {
    // A ResizeObserver that reports once when asked, standing in for the browser's.
    const callbacks: (() => void)[] = [];
    globalThis.ResizeObserver = class {
      constructor(callback: () => void) {
        callbacks.push(callback);
      }
      observe() {}
      disconnect() {}
      unobserve() {}
    } as unknown as typeof ResizeObserver;

    render(
      <HorizontalScroll label="All users">
        <table>
          <tbody>
            <tr>
              <td>Wide</td>
            </tr>
          </tbody>
        </table>
      </HorizontalScroll>,
    );
    const hint = screen.getByTestId('more-to-the-right');
    const box = screen.getByRole('table').parentElement!;
    expect(hint).toHaveClass('invisible');
    expect(screen.queryByRole('region')).toBeNull();

    measure(box, { scrollWidth: 900, clientWidth: 326 });
    act(() => callbacks.forEach((callback) => callback()));
    expect(hint).not.toHaveClass('invisible');
    const region = screen.getByRole('region', { name: 'All users' });
    expect(region).toBe(box);
    expect(region).toHaveAttribute('tabindex', '0');

    // Scrolled to the end: nothing more to the right.
    box.scrollLeft = 900 - 326;
    act(() => {
      box.dispatchEvent(new Event('scroll'));
    });
    expect(hint).toHaveClass('invisible');
    expect(box.parentElement).toHaveAttribute('data-scroll-before', 'true');
  });
});
