/** A code the camera reads again this soon after its last reading is the same sighting, not a new one. */
export const REPEAT_WINDOW_MS = 2_000;

/**
 * The camera reads a code in view several times a second: each reading at `at` (ms) is passed here, which
 * answers whether it counts. A code counts when it has not been read in the last `windowMs`: held in front
 * of the camera it counts once, however long it stays; taken away for longer than that and shown again, it
 * counts again. Other codes are told apart (two items in a row each count).
 */
export function repeatFilter(windowMs = REPEAT_WINDOW_MS) {
  const lastRead = new Map<string, number>();
  return (code: string, at: number): boolean => {
    const before = lastRead.get(code);
    lastRead.set(code, at);
    // Forget codes long gone: a session of hundreds of items keeps a short map.
    if (lastRead.size > 64) {
      for (const [seen, time] of lastRead) if (at - time > windowMs) lastRead.delete(seen);
    }
    return before === undefined || at - before > windowMs;
  };
}
