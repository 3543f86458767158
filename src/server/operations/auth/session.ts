/**
 * Sign-out (issue 22): EntVip_EntVipLogout_Add ends the caller's own session
 * at once: its row is deleted (the cookie's secret names nothing any more,
 * on every instance) and the gateway clears the cookie. Without a session
 * there is nothing to end: the answer is the same, SignedOut 0. The member
 * (or guest), their orders, balance and coupons stay; signing in again
 * starts a new session. Expired sessions and idle guests are pruned in the
 * background (http/sessionPruning.ts).
 */
import type { HandlerMap } from '../context';

export const sessionHandlers: HandlerMap = {
  async EntVip_EntVipLogout_Add(ctx) {
    const had = ctx.session !== null;
    await ctx.endSession?.();
    return { table1: [{ SignedOut: had ? 1 : 0 }] };
  },
};
