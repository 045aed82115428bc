import { readFileSync } from 'node:fs';
import request from 'supertest';
import { DOCUMENT_FILE, documentText } from '../src/write-openapi';
import { makeTestApp } from './helpers/test-app';

/**
 * The document as published, docs/openapi.json, is the one the routes make:
 * any change to a route's summary, statuses or schemas shows up there as a
 * diff to review. After a deliberate change: `pnpm openapi` writes it anew.
 */
it('docs/openapi.json is the document the routes make, word for word (else: pnpm openapi)', async () => {
  // A fresh app, so the document is built inside this test (StrykerJS counts code run only in a beforeAll as static).
  const fresh = await makeTestApp();
  const res = await request(fresh.app).get('/api/openapi.json');
  await fresh.close();
  expect(res.status).toBe(200);
  expect(documentText(res.text)).toBe(readFileSync(DOCUMENT_FILE, 'utf8'));
});
