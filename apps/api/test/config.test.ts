import { ConfigError, loadConfig } from '../src/config';

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

  it('listens on loopback while trusting the Auth emulator, unless HOST says otherwise', () => {
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }).host).toBe('127.0.0.1');
    expect(loadConfig({ FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099', HOST: '0.0.0.0' }).host).toBe('0.0.0.0');
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
    expect(() => loadConfig({ NODE_ENV: 'production' })).toThrow(ConfigError);
  });

  it('splits CORS_ORIGINS', () => {
    expect(loadConfig({ CORS_ORIGINS: 'http://a.example, http://b.example' }).corsOrigins).toEqual([
      'http://a.example',
      'http://b.example',
    ]);
  });
});
