import type { ClientConfig } from '@smart-zone/types/client-config';
import { Router } from 'express';
import type { Config } from '../config';

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
