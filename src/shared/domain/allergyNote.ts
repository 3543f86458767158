/**
 * Whether a note a customer wrote (an order's or a line's remark) speaks of
 * an allergy (issue 29 section 2): the kitchen's ticket and screen then show
 * an ALLERGY banner. Small on purpose: the kitchen screen's bundle carries it.
 */
const ALLERGY_WORDS = /allerg|過敏|过敏|敏感|anaphyla|celiac|coeliac/i;

export function mentionsAllergy(...notes: readonly (string | null | undefined)[]): boolean {
  return notes.some((n) => Boolean(n) && ALLERGY_WORDS.test(n!));
}
