import type { z } from 'zod';
import type { clientConfigSchema } from './api-schemas';

/** GET /api/config: the web app's Firebase settings at run time, so one build serves local, e2e and production. */
export type ClientConfig = z.output<typeof clientConfigSchema>;
