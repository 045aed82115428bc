/**
 * @deprecated The counts screens' name for formatMoney until they switch to it (issue 36): every other
 * price and value goes through lib/money.ts. Remove this file with the last import of it.
 */
export { formatMoney as formatPrice } from './money';
