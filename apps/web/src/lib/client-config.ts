import type { ClientConfig } from '@smart-zone/types/client-config';
import { type ApiClient, ApiError } from './api-client';
import { setCurrency } from './money';

/** The last answer, kept: with no network (issue 37) the app starts from it, and a signed-in person stays so. */
const KEPT_KEY = 'smart-zone:config';

function kept(): ClientConfig | null {
  try {
    return JSON.parse(localStorage.getItem(KEPT_KEY) ?? 'null') as ClientConfig | null;
  } catch {
    return null;
  }
}

/**
 * GET /api/config, asked once and shared: the auth SDK's settings (the lazy
 * gateway) and the shop's currency, which every price on screen takes as soon
 * as it arrives (lib/money.ts). A failed ask is made again by the next caller;
 * one that fails on the network answers the last one kept, when there is one.
 */
export function clientConfigSource(api: ApiClient): () => Promise<ClientConfig> {
  let asking: Promise<ClientConfig> | null = null;
  const use = (config: ClientConfig) => {
    setCurrency(config.currency);
    return config;
  };
  return () =>
    (asking ??= api.request<ClientConfig>('/config').then(
      (config) => {
        localStorage.setItem(KEPT_KEY, JSON.stringify(config));
        return use(config);
      },
      (error: unknown) => {
        asking = null;
        const last = error instanceof ApiError && error.code === 'network' ? kept() : null;
        if (last) return use(last);
        throw error;
      },
    ));
}
