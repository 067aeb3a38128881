import { analyzePrompt, type InterpretedClause } from './prompt/interpret.ts';
import { DE } from './prompt/phrases/de.ts';
import { EN } from './prompt/phrases/en.ts';
import { FR } from './prompt/phrases/fr.ts';
import type { PhraseBook, Subject } from './prompt/phrases/types.ts';
import { normalizeText, type PromptLanguage } from './prompt/text.ts';

const BOOKS: Record<PromptLanguage, PhraseBook> = { en: EN, de: DE, fr: FR };

const SUBJECTS: ReadonlyArray<readonly [Subject, RegExp]> = [
  [
    'room',
    /\b(room|living ?room|bedroom|kitchen|bathroom|interior|sofa|couch|furniture|apartment|zimmer\w*|wohnzimmer|schlafzimmer|kuche|bad|innenraum|mobel\w*|einrichtung|wohnung|salon|chambre|cuisine|salle de bain|meubles?|interieur|piece|appartement|canape)\b/,
  ],
  [
    'car',
    /\b(cars?|vehicles?|automobile|suv|truck|sports ?car|auto\w*|wagen|fahrzeug\w*|voiture\w*|vehicule\w*|bagnole)\b/,
  ],
  [
    'portrait',
    /\b(portrait|person|face|woman|man|people|selfie|headshot|gesicht|frau|mann|menschen|person|visage|femme|homme|personne|gens)\b/,
  ],
  [
    'animal',
    /\b(dog|cat|bird|horse|puppy|kitten|animal|hund|katze|vogel|pferd|tier|chien|chat|oiseau|cheval|chiot)\b/,
  ],
  [
    'food',
    /\b(food|coffee|cake|dish|meal|pizza|essen|kaffee|kuchen|gericht|mahlzeit|nourriture|cafe|gateau|plat|repas)\b/,
  ],
  [
    'product',
    /\b(product|bottle|shoe|watch|packshot|perfume|produkt\w*|flasche|schuh|uhr|parfum|produit|bouteille|chaussure|montre)\b/,
  ],
  [
    'landscape',
    /\b(landscape|mountains?|sea|ocean|lake|sky|valley|coast|landschaft|berg\w*|see|meer|himmel|tal|kuste|paysage|montagnes?|mer|ocean|lac|ciel|vallee|cote)\b/,
  ],
];

const INTENTS: ReadonlyArray<readonly ['add' | 'remove' | 'replace', RegExp]> = [
  [
    'remove',
    /\b(remove|delete|erase|get rid of|take out|entfern\w*|losch\w*|weg\w*|beseitig\w*|supprim\w*|enlev\w*|retir\w*|effac\w*)\b/,
  ],
  [
    'replace',
    /\b(replace|change|swap|turn|transform|convert|ersetz\w*|ander\w*|tausch\w*|verwandel\w*|remplac\w*|chang\w*|transform\w*)\b/,
  ],
  [
    'add',
    /\b(add|put|place|insert|include|hinzu\w*|fug\w*|setz\w*|einfug\w*|ajout\w*|mets|mettre|met|plac\w*|insere\w*)\b/,
  ],
];

function intentOf(normalized: string): 'add' | 'remove' | 'replace' | undefined {
  return INTENTS.find(([, pattern]) => pattern.test(normalized))?.[0];
}

function subjectOf(normalized: string): Subject | null {
  return SUBJECTS.find(([, pattern]) => pattern.test(normalized))?.[0] ?? null;
}

function detailFor(clause: InterpretedClause, book: PhraseBook, subject: Subject | null): string {
  if (clause.matches.length > 0) {
    return clause.matches
      .map(({ ruleId, operation }) =>
        operation.kind === 'style' ? book.looks[operation.style] : book.adjustments[ruleId],
      )
      .filter((text): text is string => Boolean(text))
      .join('; ');
  }
  const normalized = normalizeText(clause.text);
  const intent = intentOf(normalized);
  if (intent) return book.intents[intent];
  return book.describe[subjectOf(normalized) ?? subject ?? 'generic'];
}

const capitalise = (text: string) => text.charAt(0).toLocaleUpperCase() + text.slice(1);

/**
 * Rewrites a prompt with specific detail for what each part asks: how to carry out each
 * adjustment, what a named style looks like, how an added or removed object should blend in,
 * light and composition for a described subject, and what an edit must keep. The person's own
 * words stay as written and the detail goes in parentheses, which the interpreter reads as
 * description: whatever the local engine could do before, it still does, and enhancing an
 * enhanced prompt changes nothing.
 */
export function enhancePrompt(prompt: string, language?: PromptLanguage): string {
  const analysis = analyzePrompt(prompt);
  if (analysis.clauses.length === 0) return prompt.trim();
  const book = BOOKS[language ?? analysis.language];
  const subject = subjectOf(normalizeText(prompt));
  const sentences = analysis.clauses.map(
    (clause) => `${capitalise(clause.text)} (${detailFor(clause, book, subject)})`,
  );
  const intents = analysis.clauses.map((clause) => intentOf(normalizeText(clause.text)));
  const isEdit = analysis.clauses.some((clause, i) => clause.matches.length > 0 || intents[i]);
  // What the edit must keep is about the picture there is, not about something to be added.
  const kept = analysis.clauses
    .filter((_clause, i) => intents[i] !== 'add')
    .map((clause) => clause.text)
    .join(' ');
  const keptSubject = subjectOf(normalizeText(kept)) ?? 'generic';
  const closing = isEdit ? ` (${capitalise(book.preserve[keptSubject])}.)` : '';
  return `${sentences.join('. ')}.${closing}`;
}
