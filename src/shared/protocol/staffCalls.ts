/**
 * The staff API's table calls (issue 28 section 4): "Call staff" and "Ask for
 * the bill" from a table's phones, as the staff screen lists and acknowledges
 * them (server/http/staffCalls.ts; the staff program's src/staff/calls).
 * Spread into STAFF_ROUTES (shared/protocol/staff.ts).
 *
 *   GET  /staff/calls?baseId=…     the outlet's calls waiting (oldest first), then those acknowledged in the last 10 minutes
 *   POST /staff/calls/:id/ack      claims the call: the first to acknowledge it wins (409 with who, for the others)
 *
 * A new call, and an acknowledgement, is a frame of GET /staff/events
 * (kind 'call', shared/protocol/live.ts).
 */
import { z } from 'zod';
import { BILL_PAY_HOWS, TABLE_CALL_KINDS } from '../domain/tableCalls';

export const staffCallSchema = z.object({
  callId: z.string(),
  tableId: z.string(),
  tableName: z.string(),
  kind: z.enum(TABLE_CALL_KINDS),
  /** How the table means to pay (a bill call); '' for a staff call. */
  payHow: z.enum(['', ...BILL_PAY_HOWS]),
  /** ISO, UTC. */
  createdAt: z.string(),
  /** '' while nobody has acknowledged it. */
  acknowledgedAt: z.string(),
  /** The name of the staff member who acknowledged it ('' while nobody has). */
  acknowledgedBy: z.string(),
});
export type StaffCallJson = z.output<typeof staffCallSchema>;

export const staffCallRoutes = {
  // Plain entries (as staffPrinters.ts's): staff.ts imports this file, so it cannot import staffRoute from there.
  'GET /staff/calls': {
    query: z.object({ baseId: z.string().trim().min(1).max(64) }),
    answer: z.object({ calls: z.array(staffCallSchema) }),
  },
  'POST /staff/calls/:id/ack': {
    params: z.object({ id: z.string().trim().min(1).max(64) }),
    answer: z.object({ call: staffCallSchema }),
  },
};
