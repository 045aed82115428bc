import { Router } from 'express';
import type { Config } from '../config';

export interface ClientConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** Set while the API trusts the local Auth emulator: the web app must talk to the same one. */
  authEmulatorUrl: string | null;
}

/** The web app's Firebase settings at run time, so one build serves local, e2e and production. */
export function clientConfigRoutes(config: Pick<Config, 'firebase' | 'authEmulatorHost'>) {
  const body: ClientConfig = {
    firebase: config.firebase,
    authEmulatorUrl: config.authEmulatorHost ? `http://${config.authEmulatorHost}` : null,
  };
  const router = Router();
  router.get('/config', (_req, res) => {
    res.json(body);
  });
  return router;
}
