/**
 * The ready board at the pickup counter (issue 26 section 4), written once for
 * the service (server/http/staffBoard.ts) and the staff program's board page
 * (src/staff/board): each route's parameters, body and answer, spread into
 * shared/protocol/staff.ts's route table.
 *
 *   GET    /staff/board-links?baseId=…   an outlet's board links (owner, manager)
 *   POST   /staff/board-links            creates one: its token is answered once, then kept only hashed
 *   DELETE /staff/board-links/:id        revokes one: its board stops at its next read
 *   GET    /staff/board/orders           the board's numbers; no sign-in: the link's token in the
 *                                        `X-Board-Token` header (401 for a bad or revoked one)
 *
 * The board carries pickup numbers only: never names, phones or addresses.
 */
import { z } from 'zod';

const id = z.string().trim().min(1).max(64);

/** A header carrying the board link's token (not in the address: no proxy or access log keeps it). */
export const BOARD_TOKEN_HEADER = 'x-board-token';
/** Where the board page lives; its token follows in the fragment (#…), which browsers never send. */
export const BOARD_PAGE = '/staff/board.html';

export const boardLinkJson = z.object({
  linkId: z.string(),
  baseId: z.string(),
  name: z.string(),
  /** How long a ready number stays on the board when nobody collects it. */
  readyMinutes: z.number(),
  createdBy: z.string(),
  createdAt: z.string(),
  /** When it was revoked ('' while it works). */
  revokedAt: z.string(),
});

export const boardLinkCreateBody = z.object({
  baseId: id,
  name: z.string().trim().max(60).default(''),
  readyMinutes: z.number().int().min(1).max(240).default(15),
});

/** A number on the board. */
export const boardNumberJson = z.object({
  pickupNo: z.string(),
  /** When it turned ready ('' while preparing). */
  readyAt: z.string(),
});

export const boardAnswer = z.object({
  baseId: z.string(),
  readyMinutes: z.number(),
  /** The service's time (the page counts a ready number's minutes from it). */
  now: z.string(),
  /** In the kitchen, oldest first. */
  preparing: z.array(boardNumberJson),
  /** Ready to collect, newest first (the first is shown largest). */
  ready: z.array(boardNumberJson),
});

export const staffBoardRoutes = {
  'GET /staff/board-links': { query: z.object({ baseId: id }), answer: z.object({ links: z.array(boardLinkJson) }) },
  'POST /staff/board-links': {
    body: boardLinkCreateBody,
    answer: z.object({ link: boardLinkJson, token: z.string(), path: z.string() }),
  },
  'DELETE /staff/board-links/:id': { params: z.object({ id }), answer: z.object({ link: boardLinkJson }) },
  'GET /staff/board/orders': { answer: boardAnswer },
} as const;

export type BoardLinkJson = z.output<typeof boardLinkJson>;
export type BoardAnswer = z.output<typeof boardAnswer>;
export type BoardNumberJson = z.output<typeof boardNumberJson>;
