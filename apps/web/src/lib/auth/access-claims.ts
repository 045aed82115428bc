import type { AccessClaims } from '@smart-zone/types/auth';

/**
 * What our stored accessToken says about its holder. Only read to decide
 * whether to ask /login for a new one (the server checks the signature).
 */
export function readAccessClaims(token: string | null): (AccessClaims & { exp?: number }) | null {
  const payload = token?.split('.')[1];
  if (!payload) return null;
  try {
    const json = atob(payload.replace(/-/g, '+').replace(/_/g, '/'));
    return JSON.parse(json) as AccessClaims & { exp?: number };
  } catch {
    return null;
  }
}
