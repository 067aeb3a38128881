export type PromptLanguage = 'en' | 'de' | 'fr';

/**
 * Lower case, accents removed (ä → a, é → e, ß → ss), typographic quotes straightened, hyphens
 * and other punctuation turned into spaces. Ratios (16:9), percentages and apostrophes stay.
 */
export function normalizeText(text: string): string {
  return text
    .toLowerCase()
    .replace(/ß/g, 'ss')
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[\u2018\u2019\u02bc`´]/g, "'")
    .replace(/[^a-z0-9:/&%'\s]/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
}

/** Text in parentheses is description added by the prompt enhancer, never an instruction. */
export function stripParentheticals(text: string): string {
  let previous: string;
  let current = text;
  do {
    previous = current;
    current = current.replace(/\([^()]*\)/g, ' ');
  } while (current !== previous);
  return current;
}

// "black and white" and its translations contain the words clauses are split on.
const PROTECTED = /\b(black|schwarz|noir)(\s+)(and|und|et|&)(\s+)(white|wei(?:ß|ss)|blanc)/gi;
const PLACEHOLDER = '\uE000';
const CONJUNCTIONS =
  /\s+(?:and then|and|then|also|as well as|und dann|und|dann|sowie|außerdem|ausserdem|et puis|et|puis|ensuite|ainsi que|&)\s+/i;

/**
 * The instructions of a prompt, one per clause, as the person wrote them: split at sentence
 * punctuation, commas, semicolons and the words for "and"/"then" in the three languages.
 */
export function splitClauses(prompt: string): string[] {
  const protectedText = stripParentheticals(prompt).replace(
    PROTECTED,
    (_m, a: string, _s1, conj: string, _s2, b: string) =>
      `${a}${PLACEHOLDER}${conj}${PLACEHOLDER}${b}`,
  );
  return protectedText
    .split(/(?:(?<!\d)[.,]|[.,](?!\d)|[;!?\n])+/)
    .flatMap((part) => part.split(CONJUNCTIONS))
    .map((part) =>
      part
        .replaceAll(PLACEHOLDER, ' ')
        .replace(/^[\s\-–—:"'“”„«»]+|[\s\-–—:"'“”„«»]+$/g, '')
        .trim(),
    )
    .filter((part) => part.length > 0);
}

const FILLER = new Set([
  'please',
  'thanks',
  'thank you',
  'ok',
  'okay',
  'bitte',
  'danke',
  's il te plait',
  "s'il te plait",
  "s'il vous plait",
  'merci',
  'hi',
  'hallo',
  'bonjour',
]);

/** Politeness that carries no instruction. */
export function isFiller(normalizedClause: string): boolean {
  return normalizedClause.length === 0 || FILLER.has(normalizedClause);
}

const STOPWORDS: Record<PromptLanguage, ReadonlySet<string>> = {
  en: new Set(
    'the it a an make more less with to please add of in is this bit very some look into turn and can you give'.split(
      ' ',
    ),
  ),
  de: new Set(
    'das die der den dem ein eine einen einem mach mache machen es bitte mehr weniger und mit etwas sehr viel hinzu fuge fugen ist im auf zu stil noch bisschen ins'.split(
      ' ',
    ),
  ),
  fr: new Set(
    "le la les l' un une des du de rends rendre plus moins et avec tres peu beaucoup ajoute ajouter en au sur mets mettre l'image fais faire un peu".split(
      ' ',
    ),
  ),
};

/** Which of the three languages the words look like; English when nothing tells. */
export function languageScores(normalized: string): Record<PromptLanguage, number> {
  const scores: Record<PromptLanguage, number> = { en: 0, de: 0, fr: 0 };
  for (const word of normalized.split(/[\s:/&%]+/)) {
    const bare = word.replace(/^(l|d|s|qu)'/, '');
    for (const language of ['en', 'de', 'fr'] as const) {
      if (STOPWORDS[language].has(word) || STOPWORDS[language].has(bare)) scores[language]++;
      if (word !== bare && language === 'fr') scores.fr++;
    }
  }
  return scores;
}
