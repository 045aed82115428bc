import { type DecodedAccessClaims, decodedAccessClaimsSchema } from '@smart-zone/types/access-claims';

/**
 * What our stored accessToken says about its holder. Only read to decide
 * whether to ask /login for a new one (the server checks the signature).
 */
export function readAccessClaims(token: string | null): DecodedAccessClaims | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json: unknown = JSON.parse(atob(payload.replace(/-/g, '+').replace(/_/g, '/')));
    const claims = decodedAccessClaimsSchema.safeParse(json);
    return claims.success ? claims.data : null;
  } catch {
    return null;
  }
}
