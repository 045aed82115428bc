import { randomUUID } from 'node:crypto';
import { deleteApp, initializeApp } from 'firebase-admin/app';
import { getAuth } from 'firebase-admin/auth';

/** Who a Firebase ID token says the caller is, once verified. */
export interface FirebaseIdentity {
  uid: string;
  email?: string;
  emailVerified: boolean;
  signInProvider: string;
}

/** The boundary to Firebase: tests inject their own; the server uses firebase-admin. */
export interface IdTokenVerifier {
  verify(idToken: string): Promise<FirebaseIdentity>;
  close?(): Promise<void>;
}

/**
 * firebase-admin checks the token's signature, audience (project) and expiry,
 * and (checkRevoked) that the account is not disabled and its sessions not
 * revoked since the token was issued.
 *
 * With FIREBASE_AUTH_EMULATOR_HOST in the environment firebase-admin trusts
 * the local emulator instead, whose tokens are unsigned: anyone can edit their
 * claims. Then the email, its verified state and the providers come from the
 * emulator's account record (by the token's uid), never from the token.
 * config.ts keeps the emulator out of production and on loopback. The mode
 * follows the very variable firebase-admin reads, so the two cannot disagree.
 */
export function createFirebaseVerifier(
  projectId: string,
  emulator = Boolean(process.env.FIREBASE_AUTH_EMULATOR_HOST),
): IdTokenVerifier {
  const app = initializeApp({ projectId }, `smart-zone-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      const decoded = await auth.verifyIdToken(idToken, true);
      const claimedProvider = decoded.firebase.sign_in_provider;
      if (!emulator) {
        return {
          uid: decoded.uid,
          email: decoded.email,
          emailVerified: decoded.email_verified === true,
          signInProvider: claimedProvider,
        };
      }
      // checkRevoked above already refused a disabled account (firebase-admin reads its record).
      const account = await auth.getUser(decoded.uid);
      const linked = account.providerData.some((provider) => provider.providerId === claimedProvider);
      return {
        uid: account.uid,
        email: account.email,
        emailVerified: account.emailVerified,
        signInProvider: linked ? claimedProvider : 'unlinked',
      };
    },
    close: () => deleteApp(app),
  };
}
