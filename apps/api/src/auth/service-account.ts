import { createPrivateKey } from 'node:crypto';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { z } from 'zod';

/** The two names an operator may give the service-account file under (the second is Google's standard one). */
export type ServiceAccountVariable = 'FIREBASE_SERVICE_ACCOUNT' | 'GOOGLE_APPLICATION_CREDENTIALS';

/**
 * A Google service-account key file, checked at start. Only where it is and
 * whose it is: the private key stays in the file (firebase-admin reads it
 * there), so no config dump or log line can carry it.
 */
export interface ServiceAccountInfo {
  variable: ServiceAccountVariable;
  path: string;
  projectId: string;
  clientEmail: string;
}

const text = () =>
  z.string({ error: (issue) => (issue.input === undefined ? 'is missing' : 'must be text') }).min(1, 'is empty');

const keyFileSchema = z.object({
  type: z.literal('service_account', { error: 'must be "service_account" (a key of a service account)' }),
  project_id: text(),
  client_email: text(),
  private_key: text().refine((pem) => {
    try {
      createPrivateKey(pem);
      return true;
    } catch {
      return false;
    }
  }, 'is not a PEM private key'),
});

/**
 * Reads and checks the file named by `variable`: readable, JSON, a service
 * account's key, of project `projectId`. Each problem comes back as one line
 * naming the variable; the key itself never appears in one.
 */
export function readServiceAccount(
  variable: ServiceAccountVariable,
  file: string,
  projectId: string,
): ServiceAccountInfo | { problems: string[] } {
  const where = path.resolve(file);
  let text: string;
  try {
    text = readFileSync(where, 'utf8');
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code ?? 'unreadable';
    return { problems: [`${variable}: cannot read ${where} (${code})`] };
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch {
    return { problems: [`${variable}: ${where} is not JSON (a service account's key file is)`] };
  }
  const parsed = keyFileSchema.safeParse(json);
  if (!parsed.success) {
    return {
      problems: parsed.error.issues.map(
        (issue) => `${variable}: ${where}: "${issue.path.join('.') || 'the file'}" ${issue.message}`,
      ),
    };
  }
  const key = parsed.data;
  if (key.project_id !== projectId) {
    return {
      problems: [
        `${variable}: ${where} is a key of project "${key.project_id}", but FIREBASE_PROJECT_ID is "${projectId}"`,
      ],
    };
  }
  return { variable, path: where, projectId: key.project_id, clientEmail: key.client_email };
}
