import { writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { createApp } from './app';
import { openSqliteStore } from './store/sqlite/sqlite-store';

/**
 * `pnpm openapi`: writes docs/openapi.json, the document GET /api/openapi.json
 * serves, made from the route declarations. The API tests fail while the file
 * and the routes differ. The app runs here on a private in-memory store, with
 * settings that only fill the config: the document depends on none of them.
 */
export const DOCUMENT_FILE = join(__dirname, '../../../docs/openapi.json');

/** The document as the file holds it: two-space JSON and a final newline. */
export const documentText = (served: string) => `${JSON.stringify(JSON.parse(served), null, 2)}\n`;

async function main() {
  const store = openSqliteStore(':memory:');
  const app = createApp({
    store,
    verifier: { verify: () => Promise.reject(new Error('no sign-in while writing the document')) },
    config: {
      jwtSecret: 'only-for-writing-the-openapi-document-0123456789',
      jwtTtlSeconds: 3600,
      corsOrigins: [],
      loginRateLimit: 1,
      firebase: { apiKey: '-', authDomain: '-', projectId: '-' },
      authEmulatorHost: undefined,
      webDist: '/nonexistent',
      ownerEmails: [],
      staff: null,
      writeRateLimit: 1,
    },
  });
  const server = app.listen(0, '127.0.0.1');
  await new Promise((resolve) => server.once('listening', resolve));
  try {
    const { port } = server.address() as AddressInfo;
    const res = await fetch(`http://127.0.0.1:${port}/api/openapi.json`);
    if (!res.ok) throw new Error(`GET /api/openapi.json answered ${res.status}`);
    writeFileSync(DOCUMENT_FILE, documentText(await res.text()));
    console.log(`Wrote ${DOCUMENT_FILE}`);
  } finally {
    server.close();
    await store.close();
  }
}

if (require.main === module) {
  main().catch((error: unknown) => {
    console.error(error);
    process.exit(1);
  });
}
