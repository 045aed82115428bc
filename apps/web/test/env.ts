/** What src/config/env.ts gives under Vite; tests run without import.meta. */
export const env = { apiBase: '/api' };
