/**
 * The address picker's regions beyond the demo's Macau rows (demo.ts
 * REGIONS): Hong Kong and Guangdong, from the one region table both programs
 * share (shared/domain/regions.ts), in the three languages.
 */
import { REGION_TABLE } from '../../../shared/domain/regions';
import { REGIONS, type RegionRow } from './demo';

const seeded = new Set(REGIONS.map((r) => r.region_id));

export const MORE_REGIONS: readonly RegionRow[] = REGION_TABLE.filter((r) => !seeded.has(r.id)).map((r) => ({
  region_id: r.id,
  parent_id: r.parentId,
  level: r.level,
  name: r.zh,
  name_tw: r.tw,
  name_en: r.en,
}));
