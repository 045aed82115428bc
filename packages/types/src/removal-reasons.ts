// No zod here: the item card's stock actions (web) and the API's schemas both read it.

/**
 * Why stock was removed (issue 33): a short list a person picks from on the item card, kept with the
 * `adjust` movement as its `why` (the movement's reason stays `adjust`; movement-kinds.ts is not changed).
 */
export const REMOVAL_REASONS = ['damaged', 'lost', 'returned', 'used', 'correction'] as const;
export type RemovalReason = (typeof REMOVAL_REASONS)[number];

/** Each removal reason for people: the item card's choices and the stock history's words. */
export const REMOVAL_REASON_LABELS: Readonly<Record<RemovalReason, string>> = {
  damaged: 'Damaged',
  lost: 'Lost',
  returned: 'Returned to supplier',
  used: 'Used',
  correction: 'Count correction',
};

/**
 * What the audit keeps as a removal's reason: the chosen reason and the note ("Damaged: cracked screen"),
 * either alone, or nothing.
 */
export function removalReasonText(why: RemovalReason | undefined, note: string | undefined): string | undefined {
  if (!why) return note || undefined;
  return note ? `${REMOVAL_REASON_LABELS[why]}: ${note}` : REMOVAL_REASON_LABELS[why];
}
