/** The real service over a fresh in-memory database, for journeys. */
import { startDemoService } from '../../src/server/test/demoService';

export const startService = () => {
  // Every answer the journeys get is parsed with its operation's result schema (src/server/http/gateway.ts).
  process.env.CHECK_RESULTS ??= '1';
  return startDemoService();
};
