import { z } from 'zod';

/**
 * What became of one clause of the prompt: done or not, as a code with parameters that the web
 * app words in the person's language (done: adjusted, recoloured, removed, sky_restyled,
 * pixelated; not done: not_understood, not_found, low_confidence, no_local_source,
 * not_for_a_part, too_large — a removal whose local fill would show, the object left in place;
 * busy_background — text on a background too busy for the local fill, left in place). A
 * removal of text that leaves some lines says how many (`kept`) and why (`keptWhy`).
 */
export const ClauseReport = z.object({
  text: z.string(),
  done: z.boolean(),
  code: z.string(),
  params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
});
export type ClauseReport = z.infer<typeof ClauseReport>;

/** What an edit reported, kept with each result it made: its clauses and the credits it used. */
export const EditReport = z.object({
  clauses: z.array(ClauseReport),
  creditsUsed: z.number().int(),
});
export type EditReport = z.infer<typeof EditReport>;
