/**
 * Imports held in flight, then one more: `held` uploads each send a few KB of
 * their body and pause (the server is reading them, waiting for the rest);
 * a second later another starts, sent at a slow pace, so that how much of it
 * was sent before its answer came can be told. Once it has its answer (or its
 * time is up), the held ones send the rest at full speed. HeldUploadsSpec as
 * argv[2], HeldUploadsResult over IPC.
 */
import type { HeldUploadsResult, HeldUploadsSpec } from './protocol';
import { startUpload, within } from './upload';

/** The held uploads' head start: enough for the server to have them all in its hands. */
const HEAD_START_MS = 1000;

async function main() {
  const spec = JSON.parse(process.argv[2] ?? '') as HeldUploadsSpec;
  const held = Array.from({ length: spec.held }, () => startUpload(spec.plan, { pauseAt: spec.heldBytes }));
  await new Promise((resolve) => setTimeout(resolve, HEAD_START_MS));
  const heldAnsweredBefore = held.filter((upload) => upload.answered).length;
  const extra = await within(startUpload(spec.plan, { bytesPerSecond: spec.extraBytesPerSecond }), spec.timeoutMs);
  for (const upload of held) upload.resume();
  const result: HeldUploadsResult = {
    extra,
    heldAnsweredBefore,
    held: await Promise.all(held.map((upload) => within(upload, spec.timeoutMs))),
  };
  process.send?.(result);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
