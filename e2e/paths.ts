import path from 'node:path';

const E2E_DIR = __dirname;
export const ARTIFACTS_DIR = path.join(E2E_DIR, 'artifacts');
