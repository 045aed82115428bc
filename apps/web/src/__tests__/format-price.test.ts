import { formatPrice } from '../lib/format-price';

test.each([
  [10, '$10'],
  [1234.5, '$1,234.5'],
  [1234567.89, '$1,234,567.89'],
  [0.125, '$0.13'],
  [2.999, '$3'],
])('%d shows as %s', (price, shown) => {
  expect(formatPrice(price)).toBe(shown);
});
