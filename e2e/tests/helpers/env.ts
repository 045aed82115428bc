function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`${name} is not set: run the tests with playwright test (global-setup starts the app).`);
  return value;
}

/** http://127.0.0.1:<port>/api */
export const apiUrl = () => required('SMART_ZONE_API_URL');
/** http://127.0.0.1:<authPort>, the Firebase Auth emulator. */
export const authUrl = () => required('SMART_ZONE_AUTH_URL');
