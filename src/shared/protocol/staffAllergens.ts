/**
 * The back office's allergens, diets and pairings of a goods (issue 29
 * sections 2 and 3). Served by server/http/staffAllergens.ts; what a write
 * does is server/operations/backOffice/allergens.ts; the vocabulary is
 * shared/domain/diet.ts.
 *
 * A goods' statement and its options' (its skus', its add-ons'; a bundle
 * part is a goods, edited as its own goods, listed here read-only), and the
 * goods it goes well with (at most 8, of its own shop). A save names the
 * `version` it read (the goods' diet_version, apart from the goods editor's
 * version): when it moved on since, 409 {"error", "current": <fresh answer>}.
 * Refused input: 400 {"error", "fields"} in the caller's language.
 */
import { z } from 'zod';
import { ALLERGEN_STATES, ALLERGENS, MAX_PAIRINGS } from '../domain/diet';
import type { StaffRouteSpec, StaffRouteTable } from './staff';

// Not imported from ./staff (which spreads this table: a cycle at load time).
const staffRoute = <const S extends StaffRouteSpec>(spec: S): S => spec;
const idParams = z.object({ id: z.string().trim().min(1).max(64) });

const state = z.enum(ALLERGEN_STATES);
export const dietFactsSchema = z.object({
  allergens: z.object(Object.fromEntries(ALLERGENS.map((a) => [a, state.default('unknown')])) as { [K in (typeof ALLERGENS)[number]]: z.ZodDefault<typeof state> }),
  vegetarian: z.boolean().nullable().default(null),
  vegan: z.boolean().nullable().default(null),
  halal: z.boolean().nullable().default(null),
  spice: z.number().int().min(0).max(3).nullable().default(null),
});

const named = { name: z.string(), facts: dietFactsSchema };

export const goodsDietSchema = z.object({
  goodsId: z.string(),
  name: z.string(),
  version: z.number(),
  facts: dietFactsSchema,
  skus: z.array(z.object({ skuId: z.string(), ...named })),
  addOns: z.array(z.object({ optionId: z.string(), ...named })),
  /** The bundle's parts (goods of their own: edited there), with whether their group is required. */
  parts: z.array(z.object({ goodsId: z.string(), required: z.boolean(), ...named })),
  /** Goes well with, in the order offered. */
  pairings: z.array(z.object({ goodsId: z.string(), name: z.string() })),
});
export type GoodsDietJson = z.output<typeof goodsDietSchema>;
export type DietFactsJson = z.output<typeof dietFactsSchema>;

export const staffAllergenRoutes = {
  'GET /staff/goods/:id/diet': staffRoute({ params: idParams, answer: z.object({ diet: goodsDietSchema }) }),
  'PUT /staff/goods/:id/diet': staffRoute({
    params: idParams,
    body: z.object({
      version: z.number().int().min(1),
      facts: dietFactsSchema,
      skus: z.array(z.object({ skuId: z.string().trim().min(1).max(64), facts: dietFactsSchema })).max(400).default([]),
      addOns: z.array(z.object({ optionId: z.string().trim().min(1).max(64), facts: dietFactsSchema })).max(200).default([]),
    }),
    answer: z.object({ diet: goodsDietSchema }),
  }),
  'PUT /staff/goods/:id/pairings': staffRoute({
    params: idParams,
    body: z.object({ version: z.number().int().min(1), goodsIds: z.array(z.string().trim().min(1).max(64)).max(50) }),
    answer: z.object({ diet: goodsDietSchema }),
  }),
} satisfies StaffRouteTable;

export { MAX_PAIRINGS };
