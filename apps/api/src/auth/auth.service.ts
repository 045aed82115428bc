import { countsAsVerified } from '@smart-zone/types/access-claims';
import type { LoginResult } from '@smart-zone/types/responses';
import { unauthorized } from '../errors/app-error';
import type { AccessTokens } from './access-token';
import { failedVerification, type IdTokenVerifier } from './id-token-verifier';

/** POST /login: a verified Firebase ID token buys one of our accessTokens. An email alone buys nothing. */
export async function exchangeIdToken(
  idToken: string | null,
  verifier: IdTokenVerifier,
  tokens: AccessTokens,
  /** Told of each sign-in (the people's last sign-in and the account's name); its failure fails no sign-in. */
  signedIn?: (email: string, name: string | undefined) => Promise<void>,
): Promise<LoginResult> {
  if (!idToken) throw unauthorized('Sign in with Firebase and send its ID token as a Bearer token', 'no ID token');
  const identity = await verifier.verify(idToken).catch((error: unknown) => {
    throw failedVerification(error, idToken);
  });
  if (!identity.email) throw unauthorized('Your account has no email address', 'Firebase account without an email');
  const verified = countsAsVerified({ emailVerified: identity.emailVerified, providerId: identity.signInProvider });
  const email = identity.email.toLowerCase();
  // Only a verified account is someone the team may meet (an unverified sign-up is nobody yet).
  if (verified)
    await signedIn?.(email, identity.name).catch((error: unknown) => {
      process.emitWarning(`Could not record the sign-in of ${email}: ${String(error)}`);
    });
  return { accessToken: tokens.sign({ email, uid: identity.uid, verified }) };
}
