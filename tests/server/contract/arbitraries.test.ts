import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { z } from 'zod';
import { type JsonSchema, nearValidValue, validValue } from './arbitraries';

/** A request body as the OpenAPI document describes it, with the zod schema it came from. */
const zodBody = z
  .object({
    name: z.string().min(1).max(20),
    kind: z.enum(['Pending', 'Paid']),
    total: z.number().min(0).max(1000).multipleOf(0.01),
    id: z.int().positive().max(2_147_483_647),
    email: z.email().max(60),
    at: z.iso.datetime({ offset: true }).nullable(),
    key: z.uuid().optional(),
    tags: z.array(z.string().max(5)).max(2).optional(),
    // Its order (gte <= lte) is a refinement the document cannot carry: the near-valid values probe it.
    range: z
      .object({ gte: z.number().min(-5).max(5), lte: z.number().min(-5).max(5) })
      .strict()
      .optional(),
    either: z.union([z.int().min(1).max(9), z.array(z.int().min(1).max(9)).max(3)]).optional(),
  })
  .strict();
const schema = z.toJSONSchema(zodBody, { io: 'input', target: 'openapi-3.0' }) as JsonSchema;

describe('the bridge from the OpenAPI schemas to fast-check', () => {
  it('makes values the zod schema behind the document accepts', () => {
    fc.assert(
      fc.property(validValue(schema), (value) => {
        expect(zodBody.safeParse(value).error?.issues).toBeUndefined();
      }),
      { numRuns: 300 },
    );
  });

  it('makes near-valid values, most of which the schema refuses', () => {
    const values = fc.sample(nearValidValue(schema), { numRuns: 300, seed: 43 });
    const refused = values.filter((value) => !zodBody.safeParse(value).success);
    expect(refused.length).toBeGreaterThan(values.length * 0.9);
  });

  it('takes integers from the given ids as often as from the whole range', () => {
    const ids = fc.sample(validValue({ type: 'integer', minimum: 1, maximum: 100 }, { ids: [7, 8] }), {
      numRuns: 200,
      seed: 43,
    });
    expect(ids.filter((id) => id === 7 || id === 8).length).toBeGreaterThan(50);
  });

  it('inverts a {gte, lte} range', () => {
    const range = schema.properties!.range;
    const inverted = fc
      .sample(nearValidValue(range), { numRuns: 500, seed: 43 })
      .filter((value): value is { gte: number; lte: number } => {
        const pair = value as { gte?: unknown; lte?: unknown } | null;
        return typeof pair?.gte === 'number' && typeof pair.lte === 'number' && pair.gte > pair.lte;
      });
    expect(inverted.length).toBeGreaterThan(0);
  });
});
