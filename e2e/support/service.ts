/** The real service over a fresh in-memory database, for journeys. */
import { startDemoService } from '../../src/server/test/demoService';

export const startService = () => startDemoService();
