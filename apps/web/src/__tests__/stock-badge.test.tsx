import { render, screen, within } from '@testing-library/react';
import { isLowStock, isOutOfStock } from '@smart-zone/types/stock';
import { fakeApi, item, meRoute, movement, page } from '../../test/fake-api';
import { passwordUser } from '../../test/fake-gateway';
import { renderApp } from '../../test/render-app';
import { StockBadge, stockState } from '../components/StockBadge';

describe('the stock badge', () => {
  test("says the same as the contract's rule (isOutOfStock, isLowStock) for every quantity and reorder point", () => {
    for (let minStock = 0; minStock <= 12; minStock += 1) {
      for (let quantity = 0; quantity <= 15; quantity += 1) {
        const stock = { quantity, minStock };
        const expected = isOutOfStock(stock) ? 'out' : isLowStock(stock) ? 'low' : 'in';
        expect([quantity, minStock, stockState(stock)]).toEqual([quantity, minStock, expected]);
      }
    }
  });

  test.each([
    { quantity: 0, minStock: 5, texts: ['Out of stock'] },
    { quantity: 0, minStock: 0, texts: ['Out of stock'] },
    { quantity: 5, minStock: 5, texts: ['Low stock', 'Stock: 5'] },
    { quantity: 2, minStock: 5, texts: ['Low stock', 'Stock: 2'] },
    { quantity: 6, minStock: 5, texts: ['Stock: 6'] },
    // No reorder point: a handful left is not low (no constant threshold).
    { quantity: 1, minStock: 0, texts: ['Stock: 1'] },
  ])('quantity $quantity, reorder point $minStock: $texts', ({ quantity, minStock, texts }) => {
    const { container } = render(<StockBadge item={{ quantity, minStock }} />);
    expect(Array.from(container.querySelectorAll('.badge'), (badge) => badge.textContent)).toEqual(texts);
  });
});

describe('low badges where items are shown', () => {
  test('the inventory cards show Low stock by each item’s own reorder point', async () => {
    fakeApi({
      'GET /inventory?*': () =>
        page([
          item({ _id: '1'.repeat(24), name: 'Low one', quantity: 4, minStock: 4 }),
          item({ _id: '2'.repeat(24), name: 'Fine one', quantity: 4, minStock: 3 }),
          item({ _id: '3'.repeat(24), name: 'Empty one', quantity: 0, minStock: 3 }),
        ]),
    });
    renderApp('/inventory');
    const card = async (name: string) => screen.findByRole('article', { name });
    expect(within(await card('Low one')).getByText('Low stock')).toBeInTheDocument();
    expect(within(await card('Fine one')).queryByText('Low stock')).not.toBeInTheDocument();
    expect(within(await card('Fine one')).getByText('Stock: 4')).toBeInTheDocument();
    expect(within(await card('Empty one')).getByText('Out of stock')).toBeInTheDocument();
  });

  test('the item page shows the low badge and the reorder point', async () => {
    const staff = passwordUser('staff@example.com', true);
    fakeApi({
      ...meRoute(staff),
      'GET /inventory/a1b2c3d4e5f6a1b2c3d4e5f6/history*': () => page([movement()]),
      'GET /inventory/*': () => ({ body: item({ quantity: 3, minStock: 5 }) }),
    });
    renderApp(`/inventory/${item()._id}`, staff);
    expect(await screen.findByText('Reorder point: 5')).toBeInTheDocument();
    expect(screen.getByText('Low stock')).toBeInTheDocument();
    expect(screen.getByText('Stock: 3')).toBeInTheDocument();
  });
});
