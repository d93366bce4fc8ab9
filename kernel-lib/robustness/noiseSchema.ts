/**
 * The scenario field `noise` (issue #26, part 2) as the scenario schema would read it: a zod schema at
 * the edge, for kernel-lib/scenario/schema.ts to add beside the other fields (the lead's file; see the
 * issue's report), and its resolved form (noise.ts resolveNoise). Shape:
 *   "noise": { "attempts": false, "grading": false, "meter": null | { "eps": 0.05, "beta": 0.02 } }
 * Every key optional; the default (every source off) is today's intervals byte for byte.
 */
import { z } from 'zod';

export const noiseSchema = z.object({
  attempts: z.boolean().optional(),
  grading: z.boolean().optional(),
  meter: z.object({ eps: z.number().finite().nonnegative(), beta: z.number().finite().nonnegative() }).strict().nullable().optional(),
}).strict();

/** What the field allows, in words (scenario/schema.ts ALLOWED). */
export const NOISE_ALLOWED = 'an object {"attempts": true|false, "grading": true|false, "meter": null or {"eps": relative SD >= 0, "beta": relative SD >= 0}}';
