import request from 'supertest';
import { makeTestApp, type TestApp } from './helpers/test-app';

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** The Content-Security-Policy header as directive → sources. */
async function policyOf(app: TestApp['app']): Promise<Map<string, string[]>> {
  const res = await request(app).get('/api/health');
  const header = res.headers['content-security-policy'];
  if (typeof header !== 'string') throw new Error('no Content-Security-Policy header');
  return new Map(
    header
      .split(';')
      .map((directive) => directive.trim().split(/\s+/))
      .filter(([name]) => name)
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const GOOGLE_AUTH = [
  'https://identitytoolkit.googleapis.com',
  'https://securetoken.googleapis.com',
  'https://www.googleapis.com',
];
/** A source that opens a directive to a whole scheme or to anything. */
const WILDCARD = /^(\*|[a-z][a-z0-9+.-]*:|.*\*.*)$/;

describe('the Content-Security-Policy lists exactly whom the page may talk to', () => {
  it('connect-src: this origin and Firebase Auth, nothing else, no wildcard', async () => {
    t = await makeTestApp();
    const policy = await policyOf(t.app);
    const connect = policy.get('connect-src');
    expect(connect?.sort()).toEqual(["'self'", ...GOOGLE_AUTH].sort());
    expect(connect?.filter((source) => WILDCARD.test(source))).toEqual([]);
  });

  it('connect-src adds the Auth emulator only when the config trusts one', async () => {
    t = await makeTestApp({ authEmulatorHost: '127.0.0.1:9399' });
    const connect = (await policyOf(t.app)).get('connect-src');
    expect(connect?.sort()).toEqual(["'self'", ...GOOGLE_AUTH, 'http://127.0.0.1:9399'].sort());
  });

  it("script-src lets the Scan screen compile its own WebAssembly ('wasm-unsafe-eval'), and eval() stays refused", async () => {
    t = await makeTestApp();
    const scripts = (await policyOf(t.app)).get('script-src') ?? [];
    expect(scripts).toContain("'wasm-unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-eval'");
    expect(scripts).not.toContain("'unsafe-inline'");
  });

  it('scripts, frames, objects and embedding stay closed; styles, pictures and fonts only as the page needs', async () => {
    t = await makeTestApp();
    const policy = await policyOf(t.app);
    expect(policy.get('default-src')).toEqual(["'self'"]);
    expect(policy.get('script-src')?.sort()).toEqual(
      ["'self'", "'wasm-unsafe-eval'", 'https://apis.google.com'].sort(),
    );
    expect(policy.get('frame-src')?.sort()).toEqual(
      // blob: the labels' PDF the app fetched itself, previewed in the print dialog.
      ['https://demo-smart-zone.firebaseapp.com', 'https://apis.google.com', 'blob:'].sort(),
    );
    expect(policy.get('object-src')).toEqual(["'none'"]);
    // Styles inline (React's style props), pictures from any URL an item may name, fonts bundled.
    expect(policy.get('style-src')).toEqual(["'self'", "'unsafe-inline'"]);
    expect(policy.get('img-src')).toEqual(["'self'", 'data:', 'https:', 'http:']);
    expect(policy.get('font-src')).toEqual(["'self'", 'data:']);
    expect(policy.get('frame-ancestors')).toEqual(["'none'"]);
    expect(policy.get('base-uri')).toEqual(["'self'"]);
    expect(policy.get('form-action')).toEqual(["'self'"]);
    for (const directive of ['default-src', 'script-src', 'connect-src', 'frame-src']) {
      // A blob: URL is made by a page of its own origin, from bytes that page has: frames of the app's own PDFs.
      const sources = policy.get(directive)?.filter((source) => !(directive === 'frame-src' && source === 'blob:'));
      expect({ directive, wildcards: sources?.filter((source) => WILDCARD.test(source)) }).toEqual({
        directive,
        wildcards: [],
      });
    }
  });
});
