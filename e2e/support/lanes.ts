/**
 * The journeys run in lanes (playwright.config.ts `workers`): each lane has a
 * service of its own (e2e/support/global-setup.ts starts one per lane, each
 * over a fresh database with the demo data), so journeys in two lanes never
 * share a table, a clock or a printer. A lane is Playwright's parallel index
 * (TEST_PARALLEL_INDEX, set in each worker process before it reads the
 * config; a worker started again after a failure keeps its lane).
 */

/** How many lanes: E2E_LANES, else two (this machine's two cores: a browser and a service each). */
export const LANES = Math.max(1, Number(process.env.E2E_LANES ?? 2) || 1);

/** The variable that carries lane `lane`'s service address. */
export const laneVariable = (lane: number | string) => `E2E_BASE_URL_${lane}`;

/** This process's service: its lane's (in a worker), else the first lane's. */
export function serviceUrl(): string {
  return process.env[laneVariable(process.env.TEST_PARALLEL_INDEX ?? 0)] ?? process.env.E2E_BASE_URL ?? '';
}
