import { act, render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { setViewportWidth } from '../../test/match-media';
import { Button } from '../ui/button';
import { ResponsiveTable, type ResponsiveColumn } from './responsive-table';

type Order = { id: string; receipt: string; amount: string };

const orders: Order[] = [
  { id: 'a', receipt: 'R-0001', amount: '$10.00' },
  { id: 'b', receipt: 'R-0002', amount: '$45.00' },
];

const columns: ResponsiveColumn<Order>[] = [
  { label: 'Receipt', cell: (order) => order.receipt },
  { label: 'Amount', numeric: true, cell: (order) => order.amount },
  {
    label: 'Actions',
    hideLabel: true,
    role: 'actions',
    cell: (order, layout) => (
      <Button aria-label={`Refund ${order.receipt}`}>{layout === 'cards' ? 'Refund' : null}</Button>
    ),
  },
];

function renderOrders() {
  return render(
    <ResponsiveTable
      rows={orders}
      columns={columns}
      rowKey={(order) => order.id}
      label="Orders"
      testId="orders"
      rowTestId="order-row"
    />,
  );
}

describe('ResponsiveTable', () => {
  it('is a table with column heads on a wide screen', () => {
    renderOrders();
    const table = screen.getByRole('table');
    expect(table).toHaveAttribute('data-testid', 'orders');
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((th) => th.textContent),
    ).toEqual(['Receipt', 'Amount', 'Actions']);
    expect(screen.getAllByTestId('order-row')).toHaveLength(2);
    expect(screen.getAllByTestId('order-row')[0]!.tagName).toBe('TR');
    expect(screen.getByRole('button', { name: 'Refund R-0001' })).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });

  it('is a list of cards with labelled fields below 768 px, and follows the width', () => {
    setViewportWidth(360);
    renderOrders();
    expect(screen.queryByRole('table')).toBeNull();
    const list = screen.getByRole('list', { name: 'Orders' });
    const cards = within(list).getAllByRole('listitem');
    expect(cards).toHaveLength(2);
    expect(screen.getAllByTestId('order-row')).toEqual(cards);
    const first = cards[0]!;
    // Each field under its label; the buttons keep their names.
    expect(
      within(first)
        .getAllByRole('term')
        .map((dt) => dt.textContent),
    ).toEqual(['Receipt', 'Amount']);
    expect(
      within(first)
        .getAllByRole('definition')
        .map((dd) => dd.textContent),
    ).toEqual(['R-0001', '$10.00']);
    expect(within(first).getByRole('button', { name: 'Refund R-0001' })).toHaveTextContent(
      'Refund',
    );

    act(() => setViewportWidth(1024));
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.queryByRole('list')).toBeNull();
  });
});
