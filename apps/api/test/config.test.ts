import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../src/config';

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

  it('names every bad variable', () => {
    expect(() => loadConfig({ PORT: 'abc', MONGODB_URI: 'http://x', JWT_SECRET: 'short' })).toThrow(
      /PORT[\s\S]*MONGODB_URI[\s\S]*JWT_SECRET|PORT[\s\S]*JWT_SECRET[\s\S]*MONGODB_URI/,
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

  it('splits CORS_ORIGINS', () => {
    expect(loadConfig({ CORS_ORIGINS: 'http://a.example, http://b.example' }).corsOrigins).toEqual([
      'http://a.example',
      'http://b.example',
    ]);
  });
});
