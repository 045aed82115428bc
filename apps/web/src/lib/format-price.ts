/** A price as the product shows it: with $, thousands separated, cents only when there are some. */
export function formatPrice(price: number) {
  return `$${price.toLocaleString('en-US', { minimumFractionDigits: 0, maximumFractionDigits: 2 })}`;
}
