import winkNLP, { type WinkMethods } from 'wink-nlp';
import model from 'wink-eng-lite-web-model';
import { languageScores, normalizeText, type PromptLanguage } from './text.ts';

/**
 * Nouns that mean the whole picture or one of its qualities, not a part of it: "make the image
 * warmer", "increase the contrast", "make the shadows lighter", "darken the corners" (a
 * vignette). English lemmas and German/French words, normalised (no accents).
 */
const WHOLE = new Set(
  // English
  (
    'image picture photo photograph pic shot snapshot scene view landscape room interior space ' +
    'setting environment composition frame version result everything whole thing rest all ' +
    'colour color colours colors tone tones tint hue saturation brightness exposure contrast ' +
    'light lighting shadow shadows highlight highlights midtone midtones black blacks white ' +
    'whites temperature warmth mood atmosphere feel vibe look style effect filter grain noise ' +
    'sharpness clarity detail details focus blur edge edges corner corners border borders ' +
    'vignette quality resolution size ratio aspect orientation crop overall ' +
    // German
    'bild bilder foto fotos aufnahme szene ansicht raum zimmer ganze alles rest farbe farben ' +
    'ton tone farbton sattigung helligkeit belichtung kontrast licht beleuchtung schatten ' +
    'lichter stimmung atmosphare look stil effekt filter korn rauschen scharfe klarheit details ' +
    'ecken rand rander vignette qualitat grosse format ' +
    // French
    'photographie scene vue paysage piece interieur ensemble tout reste couleur couleurs ton ' +
    'tons teinte saturation luminosite exposition contraste lumiere eclairage ombre ombres ' +
    'hautes ambiance atmosphere aspect style effet filtre grain bruit nettete clarte details ' +
    'coins bords vignettage qualite taille format'
  ).split(/\s+/),
);

/** English verbs that change something already in the picture (not "add", "draw", "create"). */
const CHANGE_VERBS = new Set(
  (
    'make turn paint colour color recolour recolor change brighten darken lighten blur sharpen ' +
    'saturate desaturate warm cool tint pixelate fade soften enhance fix clean remove delete ' +
    'erase hide boost dim shade dye bleach whiten blacken give increase reduce lower raise ' +
    'adjust restyle edit retouch replace swap'
  ).split(' '),
);

/** Adding something new is a request for new content, not an edit of a part. */
const ADDS =
  /\b(add|adding|insert|draw|create|generate|put|place|hinzu\w*|fug\w*|zeichne\w*|erstell\w*|ajout\w*|insere\w*|dessine\w*|cree\w*|mets? une?)\b/;

const PRONOUNS = new Set(['it', 'this', 'that', 'them', 'everything', 'all', 'these', 'those']);
/** Words after which a noun names what an attribute belongs to: "the brightness of the lamp". */
const OF = new Set(['of', 'on', 'in']);

let nlp: WinkMethods | undefined;
/** The English tagger (wink-nlp's lite web model, ~4 MB, loaded once on first use). */
function tagger(): WinkMethods {
  nlp ??= winkNLP(model);
  return nlp;
}

interface Token {
  value: string;
  lemma: string;
  pos: string;
}

const isNounish = (t: Token) => t.pos === 'NOUN' || t.pos === 'PROPN';
const isWhole = (word: string) => WHOLE.has(normalizeText(word));

/**
 * The noun phrase starting at `from` (an optional determiner, adjectives, nouns), as typed, with
 * whether any of its nouns means the whole picture.
 */
function nounPhrase(tokens: Token[], from: number) {
  let i = from;
  const words: Token[] = [];
  if (tokens[i]?.pos === 'DET') words.push(tokens[i++]!);
  while (i < tokens.length && ['ADJ', 'NOUN', 'PROPN', 'NUM'].includes(tokens[i]!.pos)) {
    words.push(tokens[i++]!);
  }
  const nouns = words.filter(isNounish);
  // The head is the last noun before a colour or other predicate adjective ("the lamp blue").
  let end = words.length;
  while (end > 0 && !isNounish(words[end - 1]!)) end--;
  return {
    text: words
      .slice(0, end)
      .map((w) => w.value)
      .join(' '),
    nouns,
    whole: nouns.some((n) => isWhole(n.value) || isWhole(n.lemma)),
    next: i,
  };
}

function englishPart(text: string): string | null {
  const nlp = tagger();
  const doc = nlp.readDoc(text);
  const its = nlp.its;
  const values = doc.tokens().out(its.value);
  // wink-nlp's own types do not accept its.lemma in out() (it works; the typing is too narrow).
  const lemmas = doc.tokens().out(its.lemma as unknown as typeof its.value);
  const tags = doc.tokens().out(its.pos);
  const tokens: Token[] = values.map((value, i) => ({
    value,
    lemma: String(lemmas[i] ?? value).toLowerCase(),
    pos: String(tags[i]),
  }));
  // Imperatives are often tagged as nouns ("increase the contrast"): find the verb by its word.
  const verb = tokens.findIndex((t) => CHANGE_VERBS.has(t.lemma) || CHANGE_VERBS.has(t.value));
  if (verb < 0) return null;
  let i = verb + 1;
  while (i < tokens.length && (tokens[i]!.pos === 'ADV' || tokens[i]!.pos === 'PART')) i++;
  if (PRONOUNS.has(tokens[i]?.value.toLowerCase() ?? '')) return null;
  let phrase = nounPhrase(tokens, i);
  // "The brightness of the lamp": the attribute is the whole picture's word, the part follows.
  if (phrase.whole && OF.has(tokens[phrase.next]?.value.toLowerCase() ?? '')) {
    const owner = nounPhrase(tokens, phrase.next + 1);
    if (owner.nouns.length > 0) phrase = owner;
  }
  if (phrase.nouns.length === 0 || phrase.whole) return null;
  return phrase.text;
}

const GERMAN_NOUN =
  /\b(?:der|die|das|den|dem|des|ein|eine|einen|einem)\s+((?:[a-zäöüß]+\s+)*)([A-ZÄÖÜ][A-Za-zäöüß]+)/;
// The article is a whole word ("les rideaux" is not "le" + "s rideaux", "modèle blanc" holds no
// "le"), or an elided "l'".
const FRENCH_NOUN =
  /(?<![\p{L}])(?:(?:les|le|la|une|un|des|du)\s+|l['’]\s*)((?:petite?s?|grande?s?|vieille?s?|beaux?|belles?)\s+)?(\p{L}+)/iu;

/** Amounts and idioms that look like an article and a noun: "ein Tick", "auf den Kopf". */
const GERMAN_NOT_PARTS = new Set(['tick', 'stuck', 'bisschen', 'wenig', 'hauch', 'prozent']);
const GERMAN_IDIOMS = /\bauf den kopf\b/;
const FRENCH_NOT_PARTS = new Set(
  'peu plus moins poil brin tout toute tous toutes autre meme pourcent'.split(' '),
);

function germanPart(text: string): string | null {
  const match = GERMAN_NOUN.exec(text);
  if (!match || GERMAN_IDIOMS.test(normalizeText(text))) return null;
  const noun = normalizeText(match[2]!);
  if (isWhole(noun) || GERMAN_NOT_PARTS.has(noun)) return null;
  return match[0].trim();
}

function frenchPart(text: string): string | null {
  const match = FRENCH_NOUN.exec(text);
  // "Rends-la floue": after a hyphen "la" is a pronoun (the picture), not an article.
  if (!match || text[match.index - 1] === '-') return null;
  const noun = normalizeText(match[2]!);
  if (isWhole(noun) || FRENCH_NOT_PARTS.has(noun) || noun.length < 3) return null;
  return match[0].trim();
}

/**
 * The words a clause uses for a part of the picture the engine has no name for ("the lamp",
 * "die Lampe", "les rideaux"), or null when the clause is about the whole picture or adds
 * something new. Such a clause must not change the whole picture: it is reported instead.
 */
export function namedPart(text: string, fallback: PromptLanguage = 'en'): string | null {
  const normalized = normalizeText(text);
  if (ADDS.test(normalized)) return null;
  const scores = languageScores(normalized);
  let language: PromptLanguage = fallback;
  for (const candidate of ['en', 'de', 'fr'] as const)
    if (scores[candidate] > scores[language]) language = candidate;
  if (language === 'de') return germanPart(text);
  if (language === 'fr') return frenchPart(text);
  return englishPart(text);
}
