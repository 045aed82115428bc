/**
 * Preloaded (`node --require`) into a real API server by test/production-sign-in.test.ts: Google's
 * servers, answered at the network boundary with nock, since none can be reached here. Only what
 * firebase-admin asks with a service account: the certificates ID tokens are signed with, an OAuth
 * token (given only for an assertion signed by the service account's own key), and the account
 * lookup (given only with that OAuth token). Every request Google got is appended to GOOGLE_TEST_LOG.
 *
 * (In a separate process because inside jest google-auth-library cannot load its HTTP client: it
 * imports node-fetch dynamically, which jest's module sandbox refuses.)
 */
const { appendFileSync, readFileSync } = require('node:fs');
const { createPublicKey } = require('node:crypto');
const jwt = require('jsonwebtoken');
const nock = require('nock');

const { GOOGLE_TEST_CERTS, GOOGLE_TEST_ACCOUNTS, GOOGLE_TEST_LOG, FIREBASE_SERVICE_ACCOUNT } = process.env;
const OAUTH_TOKEN = 'ya29.test-access-token';
const serviceAccount = JSON.parse(readFileSync(FIREBASE_SERVICE_ACCOUNT, 'utf8'));
const log = (line) => appendFileSync(GOOGLE_TEST_LOG, `${line}\n`);

nock.disableNetConnect();
nock.enableNetConnect(/^(127\.0\.0\.1|localhost)(:\d+)?$/);

nock('https://www.googleapis.com')
  .persist()
  .get('/robot/v1/metadata/x509/securetoken@system.gserviceaccount.com')
  .reply(() => {
    log('certs');
    return [
      200,
      readFileSync(GOOGLE_TEST_CERTS, 'utf8'),
      { 'Content-Type': 'application/json', 'Cache-Control': 'public, max-age=3600' },
    ];
  });

nock('https://oauth2.googleapis.com')
  .persist()
  .post('/token')
  .reply((_uri, body) => {
    const form = typeof body === 'string' ? Object.fromEntries(new URLSearchParams(body)) : body;
    try {
      const claims = jwt.verify(form.assertion, createPublicKey(serviceAccount.private_key), { algorithms: ['RS256'] });
      if (claims.iss !== serviceAccount.client_email) throw new Error(`assertion from ${claims.iss}`);
    } catch (error) {
      log(`oauth refused: ${error.message}`);
      return [400, { error: 'invalid_grant' }];
    }
    log('oauth');
    return [200, { access_token: OAUTH_TOKEN, expires_in: 3600, token_type: 'Bearer' }];
  });

nock('https://identitytoolkit.googleapis.com')
  .persist()
  .post(`/v1/projects/${serviceAccount.project_id}/accounts:lookup`)
  .reply(function lookup(_uri, body) {
    if (this.req.headers.authorization !== `Bearer ${OAUTH_TOKEN}`) {
      log('lookup refused: no OAuth token');
      return [401, { error: { code: 401, message: 'UNAUTHENTICATED' } }];
    }
    const uid = body.localId[0];
    const state = JSON.parse(readFileSync(GOOGLE_TEST_ACCOUNTS, 'utf8'))[uid] ?? 'deleted';
    log(`lookup ${uid}: ${state}`);
    const kind = 'identitytoolkit#GetAccountInfoResponse';
    if (state === 'deleted') return [200, { kind }];
    const email = `${uid}@acme.example`;
    return [
      200,
      {
        kind,
        users: [
          {
            localId: uid,
            email,
            emailVerified: true,
            disabled: state === 'disabled',
            validSince: String(Math.floor(Date.now() / 1000) - 86_400),
            providerUserInfo: [{ providerId: 'password', email, rawId: email }],
          },
        ],
      },
    ];
  });
