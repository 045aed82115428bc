import { ConfigError, loadConfig } from '../src/config';

/** The alert channels' settings (config.ts): each pair whole or absent, every bad value named. */
const email = { SMTP_URL: 'smtp://user:pass@relay.example.com:587', ALERT_EMAIL_TO: 'orders@shop.com, boss@shop.com' };
const webhook = { ALERT_WEBHOOK_URL: 'https://hooks.shop.com/smart-zone', ALERT_WEBHOOK_SECRET: 's'.repeat(16) };

describe('alert settings', () => {
  it('sends nowhere but the app when none is set', () => {
    expect(loadConfig({}).alerts).toEqual({});
    expect(loadConfig({ PORT: '8080' }).publicUrl).toBe('http://localhost:8080');
  });

  it('turns on each channel whose settings are whole', () => {
    const config = loadConfig({ ...email, ...webhook, PUBLIC_URL: 'https://warehouse.example.com/' });
    expect(config.publicUrl).toBe('https://warehouse.example.com');
    expect(config.alerts).toEqual({
      email: {
        smtpUrl: email.SMTP_URL,
        to: ['orders@shop.com', 'boss@shop.com'],
        from: 'Smart Zone <alerts@warehouse.example.com>',
        publicUrl: 'https://warehouse.example.com',
      },
      webhook: { url: webhook.ALERT_WEBHOOK_URL, secret: webhook.ALERT_WEBHOOK_SECRET },
    });
    expect(loadConfig({ ...email, ALERT_EMAIL_FROM: 'Stock <stock@shop.com>' }).alerts.email?.from).toBe(
      'Stock <stock@shop.com>',
    );
    expect(
      loadConfig({ SMTP_URL: 'smtps://relay.example.com', ALERT_EMAIL_TO: 'a@shop.com' }).alerts.email?.to,
    ).toEqual(['a@shop.com']);
  });

  it('names every bad value', () => {
    expect(() =>
      loadConfig({
        SMTP_URL: 'http://relay.example.com',
        ALERT_EMAIL_TO: 'orders@shop.com,not-an-address',
        ALERT_EMAIL_FROM: 'Smart Zone <nobody>',
        ALERT_WEBHOOK_URL: 'ftp://hooks.shop.com',
        ALERT_WEBHOOK_SECRET: 'short',
        PUBLIC_URL: 'warehouse.example.com',
      }),
    ).toThrow(
      new ConfigError(
        'Invalid configuration:\n' +
          '  PUBLIC_URL: must be an http:// or https:// URL\n' +
          '  SMTP_URL: must be an smtp:// or smtps:// URL, e.g. smtp://user:password@relay.example.com:587\n' +
          '  ALERT_EMAIL_TO: must be comma-separated email addresses, e.g. ann@shop.com,orders@shop.com\n' +
          '  ALERT_EMAIL_FROM: must be an email address, e.g. alerts@shop.com or Smart Zone <alerts@shop.com>\n' +
          '  ALERT_WEBHOOK_URL: must be an http:// or https:// URL\n' +
          '  ALERT_WEBHOOK_SECRET: must be at least 16 characters',
      ),
    );
  });

  it('refuses half a pair, naming the missing setting', () => {
    // SMTP_URL alone is whole: it emails invitations; alerts go by email only with ALERT_EMAIL_TO too.
    expect(loadConfig({ SMTP_URL: email.SMTP_URL }).alerts).toEqual({});
    expect(
      loadConfig({ SMTP_URL: email.SMTP_URL, PUBLIC_URL: 'https://warehouse.example.com' }).invitationEmail,
    ).toEqual({
      smtpUrl: email.SMTP_URL,
      from: 'Smart Zone <alerts@warehouse.example.com>',
      publicUrl: 'https://warehouse.example.com',
    });
    expect(loadConfig({}).invitationEmail).toBeUndefined();
    expect(() => loadConfig({ ALERT_EMAIL_TO: email.ALERT_EMAIL_TO })).toThrow(
      /SMTP_URL: required with ALERT_EMAIL_TO/,
    );
    expect(() => loadConfig({ ALERT_WEBHOOK_URL: webhook.ALERT_WEBHOOK_URL })).toThrow(
      /ALERT_WEBHOOK_SECRET: required with ALERT_WEBHOOK_URL/,
    );
    expect(() => loadConfig({ ALERT_WEBHOOK_SECRET: webhook.ALERT_WEBHOOK_SECRET })).toThrow(
      /ALERT_WEBHOOK_URL: required with ALERT_WEBHOOK_SECRET/,
    );
    expect(() => loadConfig({ ALERT_EMAIL_FROM: 'alerts@shop.com' })).toThrow(
      /ALERT_EMAIL_FROM: set, but SMTP_URL is not/,
    );
    // Blank is unset, as .env.example leaves them.
    expect(
      loadConfig({ SMTP_URL: '', ALERT_EMAIL_TO: '', ALERT_WEBHOOK_URL: '', ALERT_WEBHOOK_SECRET: '' }).alerts,
    ).toEqual({});
  });

  it('wants PUBLIC_URL for emails in production: they link to the items', () => {
    const production = {
      NODE_ENV: 'production',
      JWT_SECRET: 'p'.repeat(40),
      FIREBASE_PROJECT_ID: 'acme-warehouse',
      FIREBASE_API_KEY: 'AIzaSyExampleExampleExample',
      FIREBASE_AUTH_DOMAIN: 'acme-warehouse.firebaseapp.com',
    };
    expect(() => loadConfig({ ...production, ...email })).toThrow(
      /PUBLIC_URL: required with SMTP_URL when NODE_ENV=production/,
    );
    expect(() => loadConfig({ ...production, SMTP_URL: email.SMTP_URL })).toThrow(
      /PUBLIC_URL: required with SMTP_URL when NODE_ENV=production/,
    );
    expect(
      loadConfig({ ...production, ...email, PUBLIC_URL: 'https://warehouse.example.com' }).alerts.email,
    ).toBeDefined();
    expect(loadConfig({ ...production, ...webhook }).alerts.webhook).toBeDefined();
  });

  it('sends resolutions only when ALERT_SEND_RESOLVED says so; a bad value is named', () => {
    expect(loadConfig({ ...webhook }).alerts.sendResolved).toBeUndefined();
    expect(loadConfig({ ...webhook, ALERT_SEND_RESOLVED: 'false' }).alerts.sendResolved).toBeUndefined();
    expect(loadConfig({ ...webhook, ALERT_SEND_RESOLVED: 'true' }).alerts).toEqual({
      webhook: { url: webhook.ALERT_WEBHOOK_URL, secret: webhook.ALERT_WEBHOOK_SECRET },
      sendResolved: true,
    });
    expect(() => loadConfig({ ALERT_SEND_RESOLVED: 'sometimes' })).toThrow(
      /ALERT_SEND_RESOLVED: must be true or false/,
    );
  });
});
