import { act, render, renderHook, screen } from '@testing-library/react';
import { Money } from '../components/Money';
import { USD_SHAPE, currencyShape, currencySymbol, formatMoney, setCurrency, useCurrency } from '../lib/money';
import { formatCount, formatSignedCount } from '../lib/numbers';

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

describe('written by hand, as Intl writes it', () => {
  // Prices as a shop has them, their edges (half a cent, a rounding carry, binary fractions), and random ones.
  const values = [
    0,
    0.005,
    0.015,
    1.005,
    1.045,
    2.675,
    8.345,
    9.995,
    99.995,
    999.995,
    0.1 + 0.2,
    123456789.125,
    1e15,
    5e-7,
    ...Array.from({ length: 300 }, (_, i) => Math.round((Math.sin(i + 1) + 1) * 10 ** (i % 9) * 1000) / 1000),
  ];
  const intl = (currency: string, signDisplay: 'negative' | 'exceptZero') =>
    new Intl.NumberFormat('en-US', { style: 'currency', currency, signDisplay });
  const withMinus = (text: string) => text.replace('-', '−');

  test("the default's shape is Intl's", () => {
    expect(USD_SHAPE).toEqual(currencyShape('USD'));
  });

  test.each(['USD', 'EUR', 'JPY', 'CHF', 'KWD', 'GBP'])('%s, plain and signed, every value', (currency) => {
    setCurrency(currency);
    for (const value of values.flatMap((v) => [v, -v])) {
      expect(formatMoney(value)).toBe(withMinus(intl(currency, 'negative').format(value)));
      expect(formatMoney(value, { signed: true })).toBe(withMinus(intl(currency, 'exceptZero').format(value)));
    }
  });

  test('a remembered currency is written by its saved shape, with no Intl formatter at all', () => {
    setCurrency('EUR');
    const NumberFormat = jest.spyOn(Intl, 'NumberFormat');
    jest.isolateModules(() => {
      const fresh = jest.requireActual<typeof import('../lib/money')>('../lib/money');
      expect(fresh.formatMoney(-1234.5)).toBe('−€1,234.50');
      expect(fresh.currencySymbol()).toBe('€');
    });
    expect(NumberFormat).not.toHaveBeenCalled();
    NumberFormat.mockRestore();
  });
});

test.each([0, 7, -7, 999, 1000, -1234567, 100000, 2 ** 53])('the count %d as Intl writes it', (count) => {
  expect(formatCount(count)).toBe(count.toLocaleString('en-US'));
  expect(formatSignedCount(count)).toBe(
    count > 0 ? `+${count.toLocaleString('en-US')}` : count < 0 ? `−${(-count).toLocaleString('en-US')}` : '0',
  );
});
