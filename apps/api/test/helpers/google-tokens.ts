import { execFileSync } from 'node:child_process';
import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import jwt from 'jsonwebtoken';

/** Where firebase-admin fetches the certificates Google signs ID tokens with (lib/auth/token-verifier.js). */
export const GOOGLE_CERTS = {
  origin: 'https://www.googleapis.com',
  path: '/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com',
};

/** An RSA key and a self-signed X.509 certificate for it, as Google publishes them (openssl, a real process). */
export function makeSigningKey(): { privateKey: string; certificate: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'smart-zone-google-key-'));
  const keyFile = path.join(dir, 'key.pem');
  const certFile = path.join(dir, 'cert.pem');
  execFileSync(
    'openssl',
    ['req', '-x509', '-newkey', 'rsa:2048', '-nodes', '-days', '1', '-keyout', keyFile, '-out', certFile].concat([
      '-subj',
      '/CN=securetoken.system.gserviceaccount.com',
    ]),
    { stdio: 'ignore' },
  );
  return { privateKey: readFileSync(keyFile, 'utf8'), certificate: readFileSync(certFile, 'utf8') };
}

export interface IdTokenClaims {
  uid: string;
  email: string;
  emailVerified?: boolean;
  provider?: string;
  /** Seconds since 1970; default now. */
  iat?: number;
  /** Seconds since 1970; default an hour after iat. */
  exp?: number;
  aud?: string;
  iss?: string;
}

/** An ID token shaped as Firebase issues them for `projectId`, RS256-signed with `privateKey` under `kid`. */
export function signIdToken(projectId: string, privateKey: string, kid: string, claims: IdTokenClaims): string {
  const iat = claims.iat ?? Math.floor(Date.now() / 1000);
  const provider = claims.provider ?? 'password';
  return jwt.sign(
    {
      iss: claims.iss ?? `https://securetoken.google.com/${projectId}`,
      aud: claims.aud ?? projectId,
      auth_time: iat - 60,
      user_id: claims.uid,
      sub: claims.uid,
      iat,
      exp: claims.exp ?? iat + 3600,
      email: claims.email,
      email_verified: claims.emailVerified ?? true,
      firebase: { identities: { email: [claims.email] }, sign_in_provider: provider },
    },
    privateKey,
    { algorithm: 'RS256', keyid: kid },
  );
}

/** A service account's key file of `projectId`, as the Google Cloud console hands it out; its path. */
export function writeServiceAccountFile(projectId: string, changes: Record<string, unknown> = {}): string {
  const { privateKey } = generateKeyPairSync('rsa', {
    modulusLength: 2048,
    privateKeyEncoding: { type: 'pkcs8', format: 'pem' },
    publicKeyEncoding: { type: 'spki', format: 'pem' },
  });
  const file = path.join(mkdtempSync(path.join(tmpdir(), 'smart-zone-sa-')), 'service-account.json');
  const key = {
    type: 'service_account',
    project_id: projectId,
    private_key_id: 'test-key-id',
    private_key: privateKey,
    client_email: `smart-zone@${projectId}.iam.gserviceaccount.com`,
    client_id: '100000000000000000000',
    auth_uri: 'https://accounts.google.com/o/oauth2/auth',
    token_uri: 'https://oauth2.googleapis.com/token',
    ...changes,
  };
  writeFileSync(file, JSON.stringify(key, null, 2));
  return file;
}
