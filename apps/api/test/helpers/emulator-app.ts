import { type AppConfig, createApp } from '../../src/app';
import { createFirebaseVerifier, type FirebaseVerifier } from '../../src/auth/id-token-verifier';
import type { Store } from '../../src/store/store';
import { type AuthEmulator, EMULATOR_PROJECT, startAuthEmulator } from './auth-emulator';
import { recordAnswers } from './conformance';
import { testConfig } from './test-app';
import { openTestStore } from './test-store';

export interface EmulatorApp {
  emulator: AuthEmulator;
  verifier: FirebaseVerifier;
  store: Store;
  app: ReturnType<typeof createApp>;
  /** Stops all of it and puts FIREBASE_AUTH_EMULATOR_HOST back as it was. */
  close(): Promise<void>;
}

/**
 * The app in emulator mode against the real Auth emulator and real
 * firebase-admin (which reads FIREBASE_AUTH_EMULATOR_HOST itself, so it is set
 * for the file's run), on a fresh store (this jest project's by default).
 */
export async function startEmulatorApp(
  options: { accountRecheckMs?: number; openStore?: () => Promise<Store>; config?: Partial<AppConfig> } = {},
): Promise<EmulatorApp> {
  const previousHost = process.env.FIREBASE_AUTH_EMULATOR_HOST;
  const emulator = await startAuthEmulator();
  process.env.FIREBASE_AUTH_EMULATOR_HOST = emulator.host;
  const verifier = createFirebaseVerifier({
    firebase: { projectId: EMULATOR_PROJECT },
    authEmulatorHost: emulator.host,
  });
  const store = await (options.openStore ?? openTestStore)();
  const app = recordAnswers(
    createApp({
      store,
      verifier,
      config: { ...testConfig, ...options.config, authEmulatorHost: emulator.host },
      accountRecheckMs: options.accountRecheckMs,
    }),
  );
  return {
    emulator,
    verifier,
    store,
    app,
    async close() {
      await verifier.close?.();
      await store.close();
      await emulator.stop();
      if (previousHost === undefined) delete process.env.FIREBASE_AUTH_EMULATOR_HOST;
      else process.env.FIREBASE_AUTH_EMULATOR_HOST = previousHost;
    },
  };
}
