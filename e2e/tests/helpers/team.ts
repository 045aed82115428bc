import { apiUrl } from './env';
import { createVerifiedAccount, idTokenOf } from './emulator';

/** The team's roles (packages/types/src/roles.ts; this package does not depend on it). */
export type Role = 'viewer' | 'clerk' | 'manager' | 'owner';

/**
 * The warehouse's owner during the e2e run: global-setup names them in
 * OWNER_EMAILS and makes their account, so everyone else gets a role the way
 * a real shop gives it, by the owner's invitation (POST /api/team).
 */
export const E2E_OWNER = { email: 'owner@e2e.example', password: 'owner-pw-Secret1' };

export async function makeOwnerAccount() {
  await createVerifiedAccount(E2E_OWNER.email, E2E_OWNER.password);
}

let ownerToken: Promise<string> | undefined;

/** The owner's accessToken, from a real sign-in (one per worker). */
export function ownerAccessToken(): Promise<string> {
  ownerToken ??= (async () => {
    const response = await fetch(`${apiUrl()}/login`, {
      method: 'POST',
      headers: { authorization: `Bearer ${await idTokenOf(E2E_OWNER.email, E2E_OWNER.password)}` },
    });
    if (!response.ok) throw new Error(`The owner could not sign in: ${response.status} ${await response.text()}`);
    return ((await response.json()) as { accessToken: string }).accessToken;
  })();
  return ownerToken;
}

/** The owner invites `email` with `role` (through the API, as the Team page does). */
export async function inviteAs(email: string, role: Role) {
  const response = await fetch(`${apiUrl()}/team`, {
    method: 'POST',
    headers: { authorization: `Bearer ${await ownerAccessToken()}`, 'content-type': 'application/json' },
    body: JSON.stringify({ email, role }),
  });
  if (response.status !== 201) throw new Error(`Inviting ${email} failed: ${response.status} ${await response.text()}`);
}

/** A call to the API as the owner (setting up what a test needs: items, locations). */
export async function ownerApi<T>(
  method: 'GET' | 'POST',
  route: string,
  body?: unknown,
): Promise<{ status: number; body: T }> {
  const response = await fetch(`${apiUrl()}${route}`, {
    method,
    headers: { authorization: `Bearer ${await ownerAccessToken()}`, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: (await response.json()) as T };
}
