import type { StylePreset } from '../../styles/ids.ts';

export type Subject = 'room' | 'car' | 'portrait' | 'landscape' | 'product' | 'animal' | 'food';

/** What the prompt enhancer adds, per language. */
export interface PhraseBook {
  /** Detail for each adjustment rule id (see adjust-rules.ts). */
  adjustments: Record<string, string>;
  looks: Record<StylePreset, string>;
  intents: { add: string; remove: string; replace: string };
  /** For a description of something to create: light, composition, quality. */
  describe: Record<Subject | 'generic', string>;
  /** For an edit: what to keep as it is. */
  preserve: Record<Subject | 'generic', string>;
}
