import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { ConfigError, isLoopbackName, loadConfig, SETTING_NAMES } from '../src/config';
import { writeServiceAccountFile } from './helpers/google-tokens';

const realFirebase = {
  FIREBASE_PROJECT_ID: 'acme-warehouse',
  FIREBASE_API_KEY: 'AIzaSyExampleExampleExample',
  FIREBASE_AUTH_DOMAIN: 'acme-warehouse.firebaseapp.com',
};

describe('loadConfig', () => {
  it('gives the local defaults', () => {
    const config = loadConfig({});
    expect(config).toEqual(
      expect.objectContaining({
        port: 5000,
        host: '0.0.0.0',
        mongodbDb: 'smart-zone',
        jwtTtlSeconds: 3600,
        seedDemoData: true,
      }),
    );
    expect(config.jwtSecretGenerated).toBe(true);
    expect(config.jwtSecret.length).toBeGreaterThanOrEqual(32);
  });

  it('listens on loopback while trusting the Auth emulator, and refuses a wider HOST, naming it', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).host).toBe('127.0.0.1');
    for (const host of ['::1', 'localhost', '127.0.0.1']) {
      expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: host }).host).toBe(host);
    }
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com']) {
      expect(() => loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: host })).toThrow(
        new RegExp(`HOST: "${host.replace(/\./g, '\\.')}" is not loopback`),
      );
    }
    // Without the emulator any address is fine.
    expect(loadConfig({ HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
  });

  it('names every bad variable, one line each', () => {
    expect(() => loadConfig({ PORT: 'abc', MONGODB_URI: 'http://x', JWT_SECRET: 'short' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n' +
          '  PORT: Invalid input: expected number, received NaN\n' +
          '  MONGODB_URI: must start with mongodb:// or mongodb+srv://\n' +
          '  JWT_SECRET: must be at least 32 characters',
      ),
    );
  });

  it('refuses the emulator in production', () => {
    expect(() =>
      loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }),
    ).toThrow(/FIREBASE_AUTH_EMULATOR_HOST/);
  });

  it('requires JWT_SECRET in production', () => {
    expect(() => loadConfig({ NODE_ENV: 'production', ...realFirebase })).toThrow(/JWT_SECRET: required/);
  });

  it("refuses .env.example's JWT_SECRET placeholder in production, naming it", () => {
    const example = readFileSync(path.join(__dirname, '../../../.env.example'), 'utf8');
    const placeholder = /^JWT_SECRET=(.*)$/m.exec(example)?.[1] ?? '';
    expect(placeholder.length).toBeGreaterThanOrEqual(32);
    expect(() => loadConfig({ NODE_ENV: 'production', ...realFirebase, JWT_SECRET: placeholder })).toThrow(
      /JWT_SECRET: still the placeholder/,
    );
    expect(loadConfig({ JWT_SECRET: placeholder }).jwtSecret).toBe(placeholder);
  });

  describe('production refuses the demo Firebase project, naming the variable', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), ...realFirebase };

    it('starts with a real project', () => {
      const config = loadConfig(production);
      expect(config.firebase).toEqual({
        projectId: 'acme-warehouse',
        apiKey: 'AIzaSyExampleExampleExample',
        authDomain: 'acme-warehouse.firebaseapp.com',
      });
    });

    it.each([
      ['FIREBASE_PROJECT_ID', 'demo-smart-zone'],
      ['FIREBASE_PROJECT_ID', 'demo-anything'],
      ['FIREBASE_API_KEY', 'demo-api-key'],
      ['FIREBASE_AUTH_DOMAIN', 'demo-smart-zone.firebaseapp.com'],
    ])('%s=%s', (name, value) => {
      expect(() => loadConfig({ ...production, [name]: value })).toThrow(
        new RegExp(`^Invalid configuration:\\n  ${name}: `),
      );
    });

    it('unset (the demo defaults): all three named at once', () => {
      let message = '';
      try {
        loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) });
      } catch (error) {
        expect(error).toBeInstanceOf(ConfigError);
        message = (error as Error).message;
      }
      expect(message).toMatch(/FIREBASE_PROJECT_ID: [\s\S]*FIREBASE_API_KEY: [\s\S]*FIREBASE_AUTH_DOMAIN: /);
    });

    it('the demo project stays fine outside production', () => {
      expect(loadConfig({ NODE_ENV: 'development' }).firebase.projectId).toBe('demo-smart-zone');
    });
  });

  it('loads the demo phones outside production only, unless SEED_DEMO_DATA says otherwise', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), ...realFirebase };
    expect(loadConfig(production).seedDemoData).toBe(false);
    expect(loadConfig({ ...production, SEED_DEMO_DATA: 'true' }).seedDemoData).toBe(true);
    expect(loadConfig({}).seedDemoData).toBe(true);
    expect(loadConfig({ SEED_DEMO_DATA: 'false' }).seedDemoData).toBe(false);
  });

  it('reads TRUST_PROXY as a hop count or a list of proxy addresses, and refuses anything else naming it', () => {
    expect(loadConfig({}).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadConfig({ TRUST_PROXY: '0' }).trustProxy).toBe(false);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/8, 172.16.0.0/12,::1,loopback' }).trustProxy).toEqual([
      '10.0.0.0/8',
      '172.16.0.0/12',
      '::1',
      'loopback',
    ]);
    for (const bad of ['true', 'yes', '10.0.0.0/33', '10.0.0/8', 'proxy.example', '1,2', '99', '10.0.0.1,']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: must be a hop count/);
    }
  });

  it('splits CORS_ORIGINS, dropping empty entries', () => {
    expect(loadConfig({ CORS_ORIGINS: 'http://a.example, http://b.example' }).corsOrigins).toEqual([
      'http://a.example',
      'http://b.example',
    ]);
    expect(loadConfig({ CORS_ORIGINS: 'http://a.example,, ,' }).corsOrigins).toEqual(['http://a.example']);
    expect(loadConfig({}).corsOrigins).toEqual([]);
  });

  it('words each refusal exactly, one indented line per variable', () => {
    expect(() => loadConfig({ MONGODB_URI: 'http://x' })).toThrow(
      new ConfigError('Invalid configuration:\n  MONGODB_URI: must start with mongodb:// or mongodb+srv://'),
    );
    expect(() => loadConfig({ TRUST_PROXY: 'yes' })).toThrow(
      new ConfigError(
        'Invalid configuration:\n  TRUST_PROXY: must be a hop count (e.g. 1 behind one proxy) or a comma-separated ' +
          'list of proxy addresses/CIDRs (e.g. 10.0.0.0/8,172.16.0.0/12, or loopback, linklocal, uniquelocal)',
      ),
    );
    expect(() => loadConfig({ NODE_ENV: 'production', ...realFirebase })).toThrow(
      new ConfigError('Invalid configuration:\n  JWT_SECRET: required when NODE_ENV=production'),
    );
    expect(() =>
      loadConfig({
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        HOST: '0.0.0.0',
        PORT: '1',
        JWT_SECRET: 'p'.repeat(40),
      }),
    ).toThrow(
      new ConfigError(
        'Invalid configuration:\n  HOST: "0.0.0.0" is not loopback, but FIREBASE_AUTH_EMULATOR_HOST is set and the ' +
          "emulator's tokens are unsigned: listen on 127.0.0.1, ::1 or localhost, or unset FIREBASE_AUTH_EMULATOR_HOST",
      ),
    );
    expect(() =>
      loadConfig({
        NODE_ENV: 'production',
        JWT_SECRET: 'p'.repeat(40),
        ...realFirebase,
        FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
        HOST: '127.0.0.1',
      }),
    ).toThrow(
      new ConfigError(
        'Invalid configuration:\n  FIREBASE_AUTH_EMULATOR_HOST: must not be set when NODE_ENV=production ' +
          '(the emulator accepts unsigned tokens anyone can write)',
      ),
    );
    expect(() => loadConfig({ NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40) })).toThrow(
      new ConfigError(
        'Invalid configuration:\n' +
          '  FIREBASE_PROJECT_ID: "demo-smart-zone" is a demo project (offline, emulator only); ' +
          'set your real Firebase project id when NODE_ENV=production\n' +
          "  FIREBASE_API_KEY: the demo key; set your Firebase web app's API key when NODE_ENV=production\n" +
          "  FIREBASE_AUTH_DOMAIN: the demo domain; set your project's auth domain (e.g. <project>.firebaseapp.com) " +
          'when NODE_ENV=production',
      ),
    );
  });

  it('refuses any demo- auth domain in production, not only the default one', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), ...realFirebase };
    expect(() => loadConfig({ ...production, FIREBASE_AUTH_DOMAIN: 'demo-other.firebaseapp.com' })).toThrow(
      /^Invalid configuration:\n {2}FIREBASE_AUTH_DOMAIN: the demo domain/,
    );
    // A real domain that merely ends in "demo-" is fine.
    expect(loadConfig({ ...production, FIREBASE_AUTH_DOMAIN: 'shop-demo-' }).firebase.authDomain).toBe('shop-demo-');
  });

  it('reads every yes/no word in yes/no settings, and refuses others naming the variable', () => {
    for (const yes of ['true', '1', 'yes']) {
      expect(loadConfig({ SEED_DEMO_DATA: yes, MONGODB_ALLOW_STANDALONE: yes })).toEqual(
        expect.objectContaining({ seedDemoData: true, mongodbAllowStandalone: true }),
      );
    }
    for (const no of ['false', '0', 'no']) {
      expect(loadConfig({ SEED_DEMO_DATA: no, MONGODB_ALLOW_STANDALONE: no })).toEqual(
        expect.objectContaining({ seedDemoData: false, mongodbAllowStandalone: false }),
      );
    }
    expect(loadConfig({}).mongodbAllowStandalone).toBe(false);
    expect(() => loadConfig({ SEED_DEMO_DATA: 'maybe' })).toThrow(
      new ConfigError('Invalid configuration:\n  SEED_DEMO_DATA: must be true or false'),
    );
  });

  it('treats a blank variable as unset (docker compose passes empty ones)', () => {
    const config = loadConfig({ PORT: '', HOST: '', JWT_SECRET: '', TRUST_PROXY: '', STAFF: '' });
    expect(config).toEqual(
      expect.objectContaining({
        port: 5000,
        host: '0.0.0.0',
        jwtSecretGenerated: true,
        trustProxy: false,
        staff: null,
      }),
    );
  });

  it('reads CURRENCY as an ISO 4217 code, USD unless set, and refuses anything else naming it', () => {
    expect(loadConfig({}).currency).toBe('USD');
    expect(loadConfig({ CURRENCY: '' }).currency).toBe('USD');
    expect(loadConfig({ CURRENCY: 'EUR' }).currency).toBe('EUR');
    for (const bad of ['eur', 'EURO', '€', 'EUT', ' EUR']) {
      expect(() => loadConfig({ CURRENCY: bad })).toThrow(
        new ConfigError(
          'Invalid configuration:\n  CURRENCY: must be an ISO 4217 currency code in capitals, e.g. USD, EUR or GBP',
        ),
      );
    }
  });

  it('serves the built web app from apps/web/dist unless WEB_DIST says otherwise', () => {
    expect(loadConfig({}).webDist).toBe(path.resolve(__dirname, '../../web/dist'));
    expect(loadConfig({ WEB_DIST: '/srv/web' }).webDist).toBe(path.resolve('/srv/web'));
  });

  it('reads STAFF as emails and @domains, lower-cased, and refuses anything else naming it', () => {
    expect(loadConfig({ STAFF: ' Ann@Shop.com, @Depot.example ,' }).staff).toEqual(['ann@shop.com', '@depot.example']);
    expect(loadConfig({}).staff).toBeNull();
    for (const bad of [
      'ann',
      'ann@',
      '@',
      'a@b@c',
      'ann @shop.com',
      'ann@shop.com;bob@shop.com',
      '@shop com',
      'ann@shop.com,not an email',
    ]) {
      expect(() => loadConfig({ STAFF: bad })).toThrow(
        new ConfigError(
          'Invalid configuration:\n  STAFF: must be comma-separated emails and @domains, e.g. ann@shop.com,@shop.com',
        ),
      );
    }
  });

  it('reads OWNER_EMAILS as emails only, lower-cased, and refuses a @domain or anything else naming it', () => {
    expect(loadConfig({ OWNER_EMAILS: ' Boss@Shop.com, co@shop.com ,' }).ownerEmails).toEqual([
      'boss@shop.com',
      'co@shop.com',
    ]);
    expect(loadConfig({}).ownerEmails).toEqual([]);
    for (const bad of ['@shop.com', 'boss', 'boss@shop.com;co@shop.com', 'a@b@c']) {
      expect(() => loadConfig({ OWNER_EMAILS: bad })).toThrow(
        new ConfigError(
          'Invalid configuration:\n  OWNER_EMAILS: must be comma-separated emails, e.g. ann@shop.com,bo@shop.com',
        ),
      );
    }
  });

  it('reads TRUST_PROXY hop counts up to 10 and CIDR prefixes up to the address size', () => {
    expect(loadConfig({ TRUST_PROXY: ' 2 ' }).trustProxy).toBe(2);
    expect(loadConfig({ TRUST_PROXY: '10' }).trustProxy).toBe(10);
    expect(loadConfig({ TRUST_PROXY: '10.0.0.0/32,fd00::/64,::1/128' }).trustProxy).toEqual([
      '10.0.0.0/32',
      'fd00::/64',
      '::1/128',
    ]);
    for (const bad of ['11', '10.0.0.0/', '10.0.0.0/1e1', '10.0.0.0/0x8', '::1/129', '10.0.0.0/8/8', ',']) {
      expect(() => loadConfig({ TRUST_PROXY: bad })).toThrow(/TRUST_PROXY: must be a hop count/);
    }
  });
});

describe('isLoopbackName', () => {
  it('knows this machine by name, IPv4 127/8, IPv6 ::1 (bracketed or not) and *.localhost', () => {
    for (const name of [
      'localhost',
      'LOCALHOST',
      '127.0.0.1',
      '127.1.2.3',
      '127.10.200.30',
      '::1',
      '[::1]',
      'app.localhost',
    ])
      expect([name, isLoopbackName(name)]).toEqual([name, true]);
  });

  it('refuses every other name, including look-alikes', () => {
    for (const name of [
      '0.0.0.0',
      '::',
      '[::]',
      '10.0.0.1',
      '127.0.0.1.evil.example',
      'x127.0.0.1',
      '127.1.2',
      '127.1234.0.1',
      'localhost.evil.example',
      'evil-localhost',
      'x[.localhost]',
    ])
      expect([name, isLoopbackName(name)]).toEqual([name, false]);
  });
});

describe('the service account (FIREBASE_SERVICE_ACCOUNT or GOOGLE_APPLICATION_CREDENTIALS)', () => {
  const production = { NODE_ENV: 'production', JWT_SECRET: 'p'.repeat(40), ...realFirebase };
  const keyFile = (changes: Record<string, unknown> = {}) => writeServiceAccountFile('acme-warehouse', changes);
  const fileWith = (text: string) => {
    const file = path.join(mkdtempSync(path.join(tmpdir(), 'smart-zone-sa-')), 'key.json');
    writeFileSync(file, text);
    return file;
  };

  it('is optional: without one, no account checks (signature-only)', () => {
    expect(loadConfig(production).serviceAccount).toBeUndefined();
  });

  it('sets the sign-in limit: 20 a minute, 120 when signature-only (everyone signs in twice a minute), the setting first', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).loginRateLimit).toBe(20);
    expect(loadConfig({ ...production, FIREBASE_SERVICE_ACCOUNT: keyFile() }).loginRateLimit).toBe(20);
    expect(loadConfig(production).loginRateLimit).toBe(120);
    expect(loadConfig({ ...production, LOGIN_RATE_LIMIT: '30' }).loginRateLimit).toBe(30);
  });

  it('under either name: where it is and whose it is, never its private key', () => {
    const file = keyFile();
    for (const variable of ['FIREBASE_SERVICE_ACCOUNT', 'GOOGLE_APPLICATION_CREDENTIALS'] as const) {
      const config = loadConfig({ ...production, [variable]: file });
      expect(config.serviceAccount).toEqual({
        variable,
        path: file,
        projectId: 'acme-warehouse',
        clientEmail: 'smart-zone@acme-warehouse.iam.gserviceaccount.com',
      });
      expect(JSON.stringify(config)).not.toContain('PRIVATE KEY');
    }
    // Both, naming one file: fine.
    const both = loadConfig({ ...production, FIREBASE_SERVICE_ACCOUNT: file, GOOGLE_APPLICATION_CREDENTIALS: file });
    expect(both.serviceAccount?.variable).toBe('FIREBASE_SERVICE_ACCOUNT');
  });

  it.each([
    [
      'a file that is not there',
      () => '/nonexistent/key.json',
      /FIREBASE_SERVICE_ACCOUNT: cannot read \/nonexistent\/key\.json \(ENOENT\)/,
    ],
    ['a folder', () => tmpdir(), /FIREBASE_SERVICE_ACCOUNT: cannot read .* \(EISDIR\)/],
    ['not JSON', () => fileWith('{ "type": '), /FIREBASE_SERVICE_ACCOUNT: .* is not JSON/],
    ['JSON but not an object', () => fileWith('[]'), /"the file" Invalid input: expected object/],
    [
      'a user credential, not a service account',
      () => keyFile({ type: 'authorized_user' }),
      /"type" must be "service_account"/,
    ],
    ['no client_email', () => keyFile({ client_email: undefined }), /"client_email" is missing/],
    ['an empty private_key', () => keyFile({ private_key: '' }), /"private_key" is empty/],
    [
      'a private_key that is no key',
      () => keyFile({ private_key: 'not a key' }),
      /"private_key" is not a PEM private key/,
    ],
    [
      "another project's key",
      () => writeServiceAccountFile('someone-else'),
      /is a key of project "someone-else", but FIREBASE_PROJECT_ID is "acme-warehouse"/,
    ],
  ])('refuses %s, naming the variable and the problem', (_case, file, problem) => {
    expect(() => loadConfig({ ...production, FIREBASE_SERVICE_ACCOUNT: file() })).toThrow(problem);
  });

  it('names every problem of the file on its own line, and GOOGLE_APPLICATION_CREDENTIALS when that is the one', () => {
    const file = keyFile({ type: 'authorized_user', client_email: undefined, project_id: 7 });
    const message = (() => {
      try {
        loadConfig({ ...production, GOOGLE_APPLICATION_CREDENTIALS: file });
      } catch (error) {
        return (error as Error).message;
      }
      return '';
    })();
    expect(message.split('\n')).toEqual([
      'Invalid configuration:',
      `  GOOGLE_APPLICATION_CREDENTIALS: ${file}: "type" must be "service_account" (a key of a service account)`,
      `  GOOGLE_APPLICATION_CREDENTIALS: ${file}: "project_id" must be text`,
      `  GOOGLE_APPLICATION_CREDENTIALS: ${file}: "client_email" is missing`,
    ]);
    expect(message).not.toContain('PRIVATE KEY');
  });

  it('refuses two different files under the two names', () => {
    expect(() =>
      loadConfig({ ...production, FIREBASE_SERVICE_ACCOUNT: keyFile(), GOOGLE_APPLICATION_CREDENTIALS: keyFile() }),
    ).toThrow(/FIREBASE_SERVICE_ACCOUNT: names another file than GOOGLE_APPLICATION_CREDENTIALS/);
  });

  it('is not read with the Auth emulator, which needs none', () => {
    const config = loadConfig({
      FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099',
      GOOGLE_APPLICATION_CREDENTIALS: '/nonexistent',
    });
    expect(config.serviceAccount).toBeUndefined();
  });
});

describe("README's settings table", () => {
  const root = path.join(__dirname, '../../..');
  const readme = readFileSync(path.join(root, 'README.md'), 'utf8');
  const section = readme.split('\n## Settings\n')[1]?.split('\n## ')[0] ?? '';
  const tableNames = [...section.matchAll(/^\| ([A-Z][A-Z0-9_]*) +\|/gm)].map((match) => match[1] ?? '');
  // What the launchers read (`process.env.X`, `env.X`, `portSetting('X', …)`): pnpm start and pnpm dev.
  const launcherSource = ['scripts/start.mjs', 'scripts/dev.mjs', 'scripts/lib/launch.cjs']
    .map((file) => readFileSync(path.join(root, file), 'utf8'))
    .join('\n');
  const launcherNames = new Set(
    [...launcherSource.matchAll(/\benv\.([A-Z][A-Z0-9_]*)|portSetting\('([A-Z][A-Z0-9_]*)'/g)].map(
      (match) => match[1] ?? match[2] ?? '',
    ),
  );

  it('is found, each variable once', () => {
    expect(tableNames.length).toBeGreaterThan(20);
    expect(tableNames.filter((name, index) => tableNames.indexOf(name) !== index)).toEqual([]);
  });

  it('names every variable config.ts reads', () => {
    expect(SETTING_NAMES.filter((name) => !tableNames.includes(name))).toEqual([]);
  });

  it("names nothing config.ts or the launchers do not read, and every launcher's setting", () => {
    expect(tableNames.filter((name) => !SETTING_NAMES.includes(name) && !launcherNames.has(name))).toEqual([]);
    expect([...launcherNames].filter((name) => !tableNames.includes(name))).toEqual([]);
  });
});
