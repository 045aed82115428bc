import { PROJECT_ID } from '../../../scripts/lib/launch.cjs';
import { authUrl } from './env';

/**
 * The Auth emulator's REST API, used only to read what a mailbox would have
 * received (verification and reset codes) and to act on those codes.
 */
const API_KEY = 'demo-api-key';

export interface OobCode {
  email: string;
  oobCode: string;
  oobLink: string;
  /** 'VERIFY_EMAIL', 'PASSWORD_RESET', … as the emulator names them. */
  requestType: string;
}

async function call<T>(path: string, init?: RequestInit): Promise<T> {
  const response = await fetch(`${authUrl()}${path}`, init);
  const body = await response.text();
  if (!response.ok) throw new Error(`Auth emulator ${path} answered ${response.status}: ${body}`);
  return JSON.parse(body) as T;
}

async function oobCodes(): Promise<OobCode[]> {
  const body = await call<{ oobCodes?: OobCode[] }>(`/emulator/v1/projects/${PROJECT_ID}/oobCodes`);
  return body.oobCodes ?? [];
}

/** The newest code of that kind sent to `email`, or undefined. */
export async function latestOobCode(email: string, requestType: OobCode['requestType']) {
  const codes = (await oobCodes()).filter(
    (code) => code.email.toLowerCase() === email.toLowerCase() && code.requestType === requestType,
  );
  return codes.at(-1);
}

/** How many codes of that kind were sent to `email` so far. */
export async function countOobCodes(email: string, requestType: OobCode['requestType']) {
  return (await oobCodes()).filter(
    (code) => code.email.toLowerCase() === email.toLowerCase() && code.requestType === requestType,
  ).length;
}

function identityToolkit<T>(method: string, body: unknown) {
  return call<T>(`/identitytoolkit.googleapis.com/v1/${method}?key=${API_KEY}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify(body),
  });
}

/** Does what clicking the link in the verification email does. */
export async function applyVerificationCode(oobCode: string) {
  await identityToolkit('accounts:update', { oobCode });
}

/** Does what the reset-password page behind the emailed link does. */
export async function resetPasswordWithCode(oobCode: string, newPassword: string) {
  await identityToolkit('accounts:resetPassword', { oobCode, newPassword });
}

/** A new password account, its email verified (as clicking the emailed link does). */
export async function createVerifiedAccount(email: string, password: string) {
  const made = await identityToolkit<{ idToken: string }>('accounts:signUp', {
    email,
    password,
    returnSecureToken: true,
  });
  await identityToolkit('accounts:sendOobCode', { requestType: 'VERIFY_EMAIL', idToken: made.idToken });
  const code = await latestOobCode(email, 'VERIFY_EMAIL');
  if (!code) throw new Error(`The Auth emulator sent no verification code to ${email}`);
  await applyVerificationCode(code.oobCode);
}

/** A fresh Firebase ID token for a password account. */
export async function idTokenOf(email: string, password: string): Promise<string> {
  const signedIn = await identityToolkit<{ idToken: string }>('accounts:signInWithPassword', {
    email,
    password,
    returnSecureToken: true,
  });
  return signedIn.idToken;
}
