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
 * firebase-admin checks the token's signature, audience (project) and expiry.
 * With FIREBASE_AUTH_EMULATOR_HOST in the environment it trusts the local
 * emulator instead, whose tokens are unsigned (config.ts keeps that out of production).
 */
export function createFirebaseVerifier(projectId: string): IdTokenVerifier {
  const app = initializeApp({ projectId }, `smart-zone-${randomUUID()}`);
  const auth = getAuth(app);
  return {
    async verify(idToken) {
      const decoded = await auth.verifyIdToken(idToken);
      return {
        uid: decoded.uid,
        email: decoded.email,
        emailVerified: decoded.email_verified === true,
        signInProvider: decoded.firebase.sign_in_provider,
      };
    },
    close: () => deleteApp(app),
  };
}
