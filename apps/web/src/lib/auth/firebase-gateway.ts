import type { ClientConfig } from '@smart-zone/types/client-config';
import { initializeApp } from 'firebase/app';
import {
  type User,
  GoogleAuthProvider,
  browserLocalPersistence,
  browserPopupRedirectResolver,
  browserSessionPersistence,
  connectAuthEmulator,
  createUserWithEmailAndPassword,
  indexedDBLocalPersistence,
  initializeAuth,
  onIdTokenChanged,
  sendEmailVerification,
  sendPasswordResetEmail,
  signInWithEmailAndPassword,
  signInWithCredential,
  signInWithPopup,
  signOut,
  updateProfile,
} from 'firebase/auth';
import { SPEC_TEXTS } from '@smart-zone/types/spec-texts';
import type { AuthGateway, AuthUser, GoogleAccount } from './gateway';

function toAuthUser(user: User): AuthUser;
function toAuthUser(user: User | null): AuthUser | null;
function toAuthUser(user: User | null): AuthUser | null {
  if (!user) return null;
  return {
    uid: user.uid,
    email: user.email,
    displayName: user.displayName,
    emailVerified: user.emailVerified,
    providerId: user.providerData[0]?.providerId ?? 'password',
  };
}

/** Firebase's codes in words a person can act on; anything else keeps Firebase's own message. */
const FRIENDLY: Record<string, string> = {
  'auth/invalid-credential': 'Wrong email or password.',
  'auth/wrong-password': 'Wrong email or password.',
  'auth/user-not-found': 'There is no account with this email.',
  'auth/invalid-email': 'That email address is not valid.',
  'auth/email-already-in-use': 'An account with this email already exists. Sign in instead.',
  'auth/weak-password': 'The password must be at least 6 characters.',
  'auth/missing-password': 'Please enter your password.',
  'auth/too-many-requests': 'Too many attempts. Please wait a moment and try again.',
  'auth/popup-closed-by-user': 'The Google sign-in window was closed before signing in.',
  'auth/popup-blocked': 'The browser blocked the Google sign-in window. Allow pop-ups and try again.',
  'auth/network-request-failed': 'Cannot reach the sign-in service. Check your connection and try again.',
};

async function friendly<T>(work: Promise<T>): Promise<T> {
  try {
    return await work;
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code && FRIENDLY[code]) throw new Error(FRIENDLY[code]);
    throw error;
  }
}

/**
 * The Auth emulator's own Google sign-in: the unsigned claims its account
 * picker would post, exchanged at the emulator's signInWithIdp. Google's
 * popup needs Google's gapi script (https://apis.google.com/js/api.js) even
 * against the emulator, which an offline machine cannot load; production
 * always uses the real popup. The same email always maps to the same account.
 */
async function emulatedGoogleCredential({ email, name }: GoogleAccount) {
  const normalized = email.trim().toLowerCase();
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(normalized));
  const sub = Array.from(new Uint8Array(digest), (byte) => byte.toString(16).padStart(2, '0')).join('');
  return GoogleAuthProvider.credential(
    JSON.stringify({ sub, email: normalized, email_verified: true, name: name?.trim() || undefined }),
  );
}

/** The Firebase Auth SDK, on the settings GET /api/config gave (the local emulator when it names one). */
export function createFirebaseGateway(config: ClientConfig): AuthGateway {
  const app = initializeApp(config.firebase);
  // Kept across reloads and tabs; IndexedDB first, then localStorage, then this tab only.
  // No popupRedirectResolver here: given one, the SDK loads Google's scripts at
  // once on phones; only the Google popup needs it, and gets it when it opens.
  const auth = initializeAuth(app, {
    persistence: [indexedDBLocalPersistence, browserLocalPersistence, browserSessionPersistence],
  });
  if (config.authEmulatorUrl) connectAuthEmulator(auth, config.authEmulatorUrl, { disableWarnings: true });

  return {
    onUserChanged: (listener) => onIdTokenChanged(auth, (user) => listener(toAuthUser(user))),
    signIn: async (email, password) => {
      const { user } = await friendly(signInWithEmailAndPassword(auth, email, password));
      return toAuthUser(user);
    },
    signUp: async (email, password, name) => {
      const { user } = await friendly(createUserWithEmailAndPassword(auth, email, password));
      if (name) {
        await updateProfile(user, { displayName: name });
        // updateProfile does not notify listeners; a new token does.
        await user.getIdToken(true);
      }
      await friendly(sendEmailVerification(user));
      return toAuthUser(user);
    },
    googleNeedsAccount: Boolean(config.authEmulatorUrl),
    linksInStartLog: Boolean(config.authEmulatorUrl),
    signInWithGoogle: async (account) => {
      if (config.authEmulatorUrl) {
        if (!account?.email) throw new Error('Enter the Google account email to sign in with.');
        const { user } = await friendly(signInWithCredential(auth, await emulatedGoogleCredential(account)));
        return toAuthUser(user);
      }
      const { user } = await friendly(signInWithPopup(auth, new GoogleAuthProvider(), browserPopupRedirectResolver));
      return toAuthUser(user);
    },
    signOut: () => signOut(auth),
    sendVerification: async () => {
      if (!auth.currentUser) throw new Error(SPEC_TEXTS.noUserLoggedIn);
      await friendly(sendEmailVerification(auth.currentUser));
    },
    resetPassword: async (email) => {
      await friendly(sendPasswordResetEmail(auth, email));
    },
    // Until the session is restored from IndexedDB, currentUser is null: asked that early, wait for it.
    idToken: async (forceRefresh = false) => {
      await auth.authStateReady();
      return auth.currentUser ? auth.currentUser.getIdToken(forceRefresh) : null;
    },
    reload: async () => {
      await auth.authStateReady();
      if (!auth.currentUser) return null;
      await auth.currentUser.reload();
      // reload() does not fire onIdTokenChanged; a fresh token carries email_verified.
      await auth.currentUser.getIdToken(true);
      return toAuthUser(auth.currentUser);
    },
  };
}
