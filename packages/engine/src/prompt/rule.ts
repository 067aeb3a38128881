import type { Operation } from '../operations/types.ts';
import type { PromptLanguage } from './text.ts';

export interface MatchContext {
  /** The clause, normalised, with text that earlier rules consumed blanked out. */
  clause: string;
  /** The match of the pattern that fired. */
  match: RegExpExecArray;
  /** 0.5 for "a bit", 1 normally, 1.8 for "much"... */
  intensity: number;
  /** A number with % in the clause, as a fraction (0.2 for "20%"). */
  percent?: number;
  /** Deterministic per prompt, for grain. */
  seed: number;
}

/**
 * One kind of instruction: patterns per language over normalised text, and how to turn a match
 * into an operation. `build` may decline (null) when the words match but the request is not
 * something the local engine can do, such as blurring only the background.
 */
export interface Rule {
  /** Names the instruction for the prompt enhancer, e.g. 'brightness+'. */
  id: string;
  patterns: ReadonlyArray<readonly [PromptLanguage | 'any', RegExp]>;
  build: (context: MatchContext) => Operation | null;
}

export const scaled = (base: number, context: MatchContext) =>
  context.percent !== undefined ? context.percent : base * context.intensity;
