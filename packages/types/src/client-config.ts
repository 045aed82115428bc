/** GET /api/config: the web app's Firebase settings at run time, so one build serves local, e2e and production. */
export interface ClientConfig {
  firebase: { apiKey: string; authDomain: string; projectId: string };
  /** Set while the API trusts the local Auth emulator: the web app must talk to the same one. */
  authEmulatorUrl: string | null;
}
