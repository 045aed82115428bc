import { randomUUID } from 'node:crypto';
import { type App, cert, deleteApp, initializeApp } from 'firebase-admin/app';
import { type Auth, type DecodedIdToken, getAuth } from 'firebase-admin/auth';
import { AppError, unauthorized } from '../errors/app-error';
import { ACCOUNT_RECHECK_MS, type AccountStatus } from './account-check';
import type { ServiceAccountInfo } from './service-account';

/** Who a Firebase ID token says the caller is, once verified. */
export interface FirebaseIdentity {
  uid: string;
  email?: string;
  emailVerified: boolean;
  signInProvider: string;
  /** The account's display name (a Google account's, or one set on the account), if it has one. */
  name?: string;
}

/** The boundary to Firebase: tests inject their own; the server uses firebase-admin. */
export interface IdTokenVerifier {
  verify(idToken: string): Promise<FirebaseIdentity>;
  /** Reads the account from the Auth service; absent where it cannot be read (no credential). */
  accountStatus?: (uid: string) => Promise<AccountStatus>;
  /** Where accounts cannot be read after sign-in: the longest an accessToken may live, in seconds. */
  maxAccessTokenSeconds?: number;
  close?(): Promise<void>;
}

/**
 * How sign-in is checked, from config:
 * - `emulator`: the local Auth emulator, whose tokens are unsigned (local use only).
 * - `service-account`: real tokens, and the account is read (disabled, deleted, revoked).
 * - `signature-only`: real tokens checked for signature, audience, issuer and expiry; no account reads.
 */
export type VerifierMode = 'emulator' | 'service-account' | 'signature-only';

export interface FirebaseVerifier extends IdTokenVerifier {
  mode: VerifierMode;
  /** One line for the start log: which mode, and what it protects. */
  summary: string;
}

/**
 * Without a credential nothing tells us later that an account was disabled or
 * deleted; only Google's token service knows, and it refuses to renew an ID
 * token for such an account. So in that mode /login takes only a freshly
 * renewed ID token, and the accessToken it buys is short: together at most a
 * minute between the last renewal Google allowed and the last request served.
 */
export const SIGNATURE_ONLY = { idTokenMaxAgeSeconds: 30, accessTokenSeconds: 30 } as const;

export const SIGN_IN_NOT_VERIFIED = 'Your sign-in could not be verified. Please sign in again.';

/** The 401 for an ID token that failed; firebase's code and message go to the log, the token never. */
export function failedVerification(error: unknown, idToken: string): AppError {
  if (error instanceof AppError) return error;
  const { code, message } = error as { code?: unknown; message?: unknown };
  const text = `${typeof code === 'string' ? `${code}: ` : ''}${typeof message === 'string' ? message : String(error)}`;
  return unauthorized(SIGN_IN_NOT_VERIFIED, `ID token refused: ${text.split(idToken).join('[token]')}`);
}

interface VerifierSettings {
  firebase: { projectId: string };
  /** Set: trust the Auth emulator. firebase-admin reads FIREBASE_AUTH_EMULATOR_HOST itself; config.ts keeps the two one. */
  authEmulatorHost?: string;
  serviceAccount?: Pick<ServiceAccountInfo, 'path' | 'clientEmail'>;
}

export function verifierMode(settings: VerifierSettings): VerifierMode {
  if (settings.authEmulatorHost) return 'emulator';
  return settings.serviceAccount ? 'service-account' : 'signature-only';
}

/** The caller as the verified token's own claims say (signed by Google, so believed). */
const identityOf = (decoded: DecodedIdToken): FirebaseIdentity => ({
  uid: decoded.uid,
  email: decoded.email,
  emailVerified: decoded.email_verified === true,
  signInProvider: decoded.firebase.sign_in_provider,
  ...(typeof decoded.name === 'string' ? { name: decoded.name } : {}),
});

async function accountStatusOf(auth: Auth, uid: string): Promise<AccountStatus> {
  try {
    return (await auth.getUser(uid)).disabled ? 'disabled' : 'active';
  } catch (error) {
    if ((error as { code?: unknown }).code === 'auth/user-not-found') return 'deleted';
    throw error;
  }
}

/**
 * The emulator's tokens are unsigned: anyone can edit their claims. So the
 * email, its verified state and the providers come from the emulator's
 * account record (by the token's uid), never from the token. config.ts keeps
 * the emulator out of production and on loopback.
 */
async function emulatorIdentity(auth: Auth, idToken: string): Promise<FirebaseIdentity> {
  // checkRevoked: firebase-admin reads the record and refuses a disabled account.
  const decoded = await auth.verifyIdToken(idToken, true);
  const claimedProvider = decoded.firebase.sign_in_provider;
  const account = await auth.getUser(decoded.uid);
  const linked = account.providerData.some((provider) => provider.providerId === claimedProvider);
  return {
    uid: account.uid,
    email: account.email,
    emailVerified: account.emailVerified,
    signInProvider: linked ? claimedProvider : 'unlinked',
    ...(account.displayName ? { name: account.displayName } : {}),
  };
}

/** Only a freshly renewed ID token: Google renews none for a disabled or deleted account. */
async function freshIdentity(auth: Auth, idToken: string): Promise<FirebaseIdentity> {
  const decoded = await auth.verifyIdToken(idToken, false);
  const age = Math.round(Date.now() / 1000 - decoded.iat);
  if (!(age <= SIGNATURE_ONLY.idTokenMaxAgeSeconds)) {
    throw unauthorized(
      SIGN_IN_NOT_VERIFIED,
      `ID token refused: issued ${age} s ago; without a service account only ID tokens under ` +
        `${SIGNATURE_ONLY.idTokenMaxAgeSeconds} s old are exchanged`,
    );
  }
  return identityOf(decoded);
}

const SUMMARIES: Record<VerifierMode, (settings: VerifierSettings) => string> = {
  emulator: (s) =>
    `Sign-in: the Firebase Auth emulator at ${s.authEmulatorHost}; accounts re-read at most every ` +
    `${ACCOUNT_RECHECK_MS / 1000} s.`,
  'service-account': (s) =>
    `Sign-in: Firebase ID tokens verified with the service account ${s.serviceAccount?.clientEmail}: disabled, ` +
    `deleted and revoked accounts are refused at sign-in, and re-read at most every ${ACCOUNT_RECHECK_MS / 1000} s ` +
    'on signed-in requests.',
  'signature-only': () =>
    'Sign-in: no service account (FIREBASE_SERVICE_ACCOUNT or GOOGLE_APPLICATION_CREDENTIALS), so Firebase ID ' +
    'tokens are checked for signature, audience, issuer and expiry only. A disabled or deleted account is locked ' +
    `out through short sessions: /login takes ID tokens under ${SIGNATURE_ONLY.idTokenMaxAgeSeconds} s old, and ` +
    `accessTokens last ${SIGNATURE_ONLY.accessTokenSeconds} s (JWT_TTL_SECONDS is not used).`,
};

/** firebase-admin, in the mode config gives (see VerifierMode). */
export function createFirebaseVerifier(settings: VerifierSettings): FirebaseVerifier {
  const mode = verifierMode(settings);
  const { projectId } = settings.firebase;
  const app: App = initializeApp(
    mode === 'service-account' && settings.serviceAccount
      ? { projectId, credential: cert(settings.serviceAccount.path) }
      : { projectId },
    `smart-zone-${randomUUID()}`,
  );
  const auth = getAuth(app);
  const verifiers: Record<VerifierMode, (idToken: string) => Promise<FirebaseIdentity>> = {
    emulator: (idToken) => emulatorIdentity(auth, idToken),
    // checkRevoked: a disabled account, or one whose sessions were revoked since the token, is refused.
    'service-account': async (idToken) => identityOf(await auth.verifyIdToken(idToken, true)),
    'signature-only': (idToken) => freshIdentity(auth, idToken),
  };
  const verifier: FirebaseVerifier = {
    mode,
    summary: SUMMARIES[mode](settings),
    verify: (idToken) =>
      verifiers[mode](idToken).catch((error: unknown) => {
        throw failedVerification(error, idToken);
      }),
    close: () => deleteApp(app),
  };
  if (mode === 'signature-only') verifier.maxAccessTokenSeconds = SIGNATURE_ONLY.accessTokenSeconds;
  else verifier.accountStatus = (uid) => accountStatusOf(auth, uid);
  return verifier;
}
