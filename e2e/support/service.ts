/** The real service over a fresh in-memory database, for journeys. */
import { startDemoService } from '../../src/server/test/demoService';

/** `staticDir`: the built app it serves (dist/ unless told; e2e/update.spec.ts serves builds of its own). */
export const startService = (options: { staticDir?: string } = {}) => {
  // Every answer the journeys get is parsed with its operation's result schema (src/server/http/gateway.ts).
  process.env.CHECK_RESULTS ??= '1';
  return startDemoService(options);
};
