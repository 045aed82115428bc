/** The token of an `Authorization: Bearer <token>` header; the scheme word is case-insensitive (RFC 7235). */
export function bearerToken(header: string | undefined): string | null {
  const match = /^bearer[ \t]+(\S+)[ \t]*$/i.exec(header ?? '');
  return match?.[1] ?? null;
}
