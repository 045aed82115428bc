import type { ClientConfig } from '@smart-zone/types/client-config';
import type { ApiClient } from './api-client';
import { setCurrency } from './money';

/**
 * GET /api/config, asked once and shared: the auth SDK's settings (the lazy
 * gateway) and the shop's currency, which every price on screen takes as soon
 * as it arrives (lib/money.ts). A failed ask is made again by the next caller.
 */
export function clientConfigSource(api: ApiClient): () => Promise<ClientConfig> {
  let asking: Promise<ClientConfig> | null = null;
  return () =>
    (asking ??= api.request<ClientConfig>('/config').then(
      (config) => {
        setCurrency(config.currency);
        return config;
      },
      (error: unknown) => {
        asking = null;
        throw error;
      },
    ));
}
