/**
 * Uploads at full speed, all at once, each in its own socket (upload.ts), each
 * cut off after the spec's time: the 49 MB file of tiny rows, the chunked
 * 60 MB one, the 20 past the size cap. UploadsSpec as argv[2], UploadOutcome[]
 * over IPC.
 */
import type { UploadOutcome, UploadsSpec } from './protocol';
import { startUpload, within } from './upload';

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '') as UploadsSpec;
  const outcomes: UploadOutcome[] = await Promise.all(
    spec.uploads.map((plan) => within(startUpload(plan), spec.timeoutMs)),
  );
  process.send?.(outcomes);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
