import type { Config } from '../config';

/**
 * What the SPA may load: our own files, item pictures from any http(s) host,
 * and Firebase Auth (Google's endpoints in production, the local emulator
 * when we trust it). Toasts inject their own <style>, hence 'unsafe-inline' for styles only.
 * 'wasm-unsafe-eval': the Scan screen's barcode reader compiles WebAssembly (ZXing's, from our own
 * /assets, in a worker of our own); it allows compiling wasm only, not eval() of JavaScript.
 */
export function contentSecurityPolicy(config: Pick<Config, 'firebase' | 'authEmulatorHost'>) {
  const emulator = config.authEmulatorHost ? [`http://${config.authEmulatorHost}`] : [];
  const authDomain = `https://${config.firebase.authDomain}`;
  return {
    defaultSrc: ["'self'"],
    scriptSrc: ["'self'", "'wasm-unsafe-eval'", 'https://apis.google.com'],
    styleSrc: ["'self'", "'unsafe-inline'"],
    imgSrc: ["'self'", 'data:', 'https:', 'http:'],
    fontSrc: ["'self'", 'data:'],
    connectSrc: [
      "'self'",
      'https://identitytoolkit.googleapis.com',
      'https://securetoken.googleapis.com',
      'https://www.googleapis.com',
      ...emulator,
    ],
    // blob: the labels' PDF the app fetched itself, previewed in the print dialog (nothing from elsewhere).
    frameSrc: [authDomain, 'https://apis.google.com', 'blob:', ...emulator],
    objectSrc: ["'none'"],
    baseUri: ["'self'"],
    formAction: ["'self'"],
    frameAncestors: ["'none'"],
    upgradeInsecureRequests: null,
  };
}
