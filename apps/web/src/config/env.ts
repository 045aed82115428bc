/** The one place that reads Vite's build-time settings. */
export const env = {
  /** Where the API lives; the default is the same origin (the API serves this app). */
  apiBase: (import.meta.env.VITE_API_BASE as string | undefined)?.replace(/\/$/, '') || '/api',
};
