/** An id as the API writes it: 24 hexadecimal characters. */
const ID = /^[0-9a-f]{24}$/i;

/** A page of this app that a code names: an item's (its label's QR code) or a location's (issue 34). */
export type OwnPage = { kind: 'item'; id: string } | { kind: 'location'; id: string };

/**
 * The page of the app a scanned text names, when it is one of the addresses our labels print (the API's
 * `itemPageUrl` and `locationPageUrl`: `/inventory/<id>`, `/locations?in=<id>`, at PUBLIC_URL or the origin the
 * labels were printed from, so any http(s) origin); null for anything else (a SKU, a barcode, another site's
 * page).
 */
export function ownPageOf(text: string): OwnPage | null {
  let url: URL;
  try {
    url = new URL(text.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  const item = /^\/inventory\/([0-9a-f]{24})\/?$/i.exec(url.pathname);
  if (item) return { kind: 'item', id: item[1]!.toLowerCase() };
  const at = url.searchParams.get('in');
  if (/^\/locations\/?$/i.test(url.pathname) && at && ID.test(at)) return { kind: 'location', id: at.toLowerCase() };
  return null;
}
