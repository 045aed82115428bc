import { act, render, renderHook, screen } from '@testing-library/react';
import { Money } from '../components/Money';
import { currencySymbol, formatMoney, setCurrency, useCurrency } from '../lib/money';

afterEach(() => setCurrency('USD'));

test.each([
  [10, '$10.00'],
  [14.5, '$14.50'],
  [1234, '$1,234.00'],
  [1234567.89, '$1,234,567.89'],
  [0.125, '$0.13'],
  [2.999, '$3.00'],
  [0, '$0.00'],
  [-0, '$0.00'],
  [-12.5, '−$12.50'],
  [-0.001, '$0.00'],
])('%d shows as %s', (value, shown) => {
  expect(formatMoney(value)).toBe(shown);
});

test('a variance is signed either way, zero not at all', () => {
  expect(formatMoney(12.5, { signed: true })).toBe('+$12.50');
  expect(formatMoney(-1234, { signed: true })).toBe('−$1,234.00');
  expect(formatMoney(0, { signed: true })).toBe('$0.00');
});

test("the shop's currency, with its symbol and its own decimals; remembered for the next visit", () => {
  setCurrency('EUR');
  expect(formatMoney(14.5)).toBe('€14.50');
  expect(formatMoney(-12.5)).toBe('−€12.50');
  expect(currencySymbol()).toBe('€');
  expect(localStorage.getItem('smart-zone:currency')).toBe('EUR');
  setCurrency('JPY');
  expect(formatMoney(1500)).toBe('¥1,500');
  setCurrency('CHF');
  expect(currencySymbol()).toBe('CHF');
});

test('anything but a currency code is ignored', () => {
  setCurrency('GBP');
  for (const bad of [undefined, null, 42, '', 'gbp', 'EURO', '€']) setCurrency(bad);
  expect(formatMoney(1)).toBe('£1.00');
});

test('a component that shows money renders again when the currency arrives', () => {
  const { result } = renderHook(() => useCurrency());
  expect(result.current).toBe('USD');
  act(() => setCurrency('EUR'));
  expect(result.current).toBe('EUR');
});

test('<Money> is on one line and follows the currency', () => {
  render(<Money value={-1234.5} />);
  const shown = screen.getByText('−$1,234.50');
  expect(shown).toHaveClass('text-nowrap');
  act(() => setCurrency('EUR'));
  expect(shown).toHaveTextContent('−€1,234.50');
});
