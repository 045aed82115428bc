/**
 * Signing out asks first while changes wait in the outbox (issue 37). The header's button calls askToSignOut; the
 * offline bar, mounted for whoever is signed in, answers (it knows the outbox) and asks, or signs out at once.
 * Here, in the first page's code, only this hand-over: the outbox and its dialog load with the bar.
 */
type Asker = (signOut: () => void) => void;
let asker: Asker | undefined;

export const askToSignOut = (signOut: () => void) => (asker ? asker(signOut) : signOut());

/** The bar takes the question while it is mounted. */
export function answerSignOut(next: Asker): () => void {
  asker = next;
  return () => {
    if (asker === next) asker = undefined;
  };
}
