import { FURNITURE_LABELS, type CocoLabel } from '../models/coco-labels.ts';

/** "Remove", "get rid of", "entferne", "weg", "supprime", "enlève"... (normalised text). */
export const REMOVE =
  /\b(remove|removing|delete|erase|get rid of|take out|take away|eliminate|entfern\w*|losch\w*|weg|wegmachen|wegnehmen|beseitig\w*|raus|supprim\w*|enlev\w*|retir\w*|effac\w*|ote\w*|elimin\w*)\b/;

/**
 * Object names in English, German and French (normalised: no accents, lower case) and the COCO
 * labels the detector uses for them. Plurals are listed because German and French plurals are
 * not a trailing s.
 */
export const OBJECT_NAMES: ReadonlyArray<readonly [RegExp, readonly CocoLabel[]]> = [
  [/\b(furniture|mobel\w*|einrichtung|meubles?|mobilier)\b/, FURNITURE_LABELS],
  [
    /\b(arm ?chairs?|chairs?|stool|stuhl|stuhle|sessel|hocker|chaises?|fauteuils?|tabouret)\b/,
    ['chair'],
  ],
  [/\b(couch(?:es)?|sofas?|settee|canapes?|divan)\b/, ['couch']],
  [/\b(beds?|bett(?:en)?|lits?)\b/, ['bed']],
  [/\b(tables?|dining table|desk|tisch(?:e)?|esstisch\w*|couchtisch\w*)\b/, ['dining table']],
  [/\b(tvs?|televisions?|telly|fernseh\w*|teles?|televiseurs?)\b/, ['tv']],
  [/\b(plants?|houseplants?|potted plants?|pflanzen?|topfpflanzen?|plantes?)\b/, ['potted plant']],
  [/\b(vases?|vasen?)\b/, ['vase']],
  [/\b(clocks?|uhr(?:en)?|horloges?|pendules?)\b/, ['clock']],
  [/\b(bench(?:es)?|bank|banke|bancs?)\b/, ['bench']],
  [
    /\b(people|persons?|man|men|woman|women|guy|girl|boy|child|children|kids?|tourists?|personen|person|menschen|mann|manner|frau(?:en)?|kind(?:er)?|personnes?|homme|hommes|femmes?|enfants?|gens)\b/,
    ['person'],
  ],
  [/\b(cars?|vehicles?|autos?|wagen|fahrzeug\w*|voitures?|vehicules?)\b/, ['car', 'truck']],
  [/\b(trucks?|lkws?|lastwagen|camions?)\b/, ['truck']],
  [/\b(bikes?|bicycles?|fahrrad\w*|rad|velos?|bicyclettes?)\b/, ['bicycle']],
  [/\b(motorbikes?|motorcycles?|motorrad\w*|motos?)\b/, ['motorcycle']],
  [/\b(dogs?|hund(?:e)?|chiens?)\b/, ['dog']],
  [/\b(cats?|katzen?|chats?)\b/, ['cat']],
  [/\b(birds?|vogel|voegel|oiseaux?)\b/, ['bird']],
  [/\b(bottles?|flaschen?|bouteilles?)\b/, ['bottle']],
  [/\b(cups?|mugs?|tassen?|becher|tasses?)\b/, ['cup']],
  [/\b(laptops?|notebooks?|ordinateurs? portables?)\b/, ['laptop']],
  [/\b(books?|buch|bucher|livres?)\b/, ['book']],
  [/\b(umbrellas?|regenschirm\w*|schirm|parapluies?)\b/, ['umbrella']],
  [/\b(suitcases?|koffer|valises?)\b/, ['suitcase']],
  [/\b(backpacks?|rucksack\w*|sacs? a dos)\b/, ['backpack']],
  [/\b(handbags?|bags?|handtaschen?|taschen?|sacs? a main)\b/, ['handbag']],
  [/\b(toilets?|toiletten?|wc)\b/, ['toilet']],
  [/\b(sinks?|waschbecken|spule|eviers?|lavabos?)\b/, ['sink']],
  [/\b(fridges?|refrigerators?|kuhlschrank\w*|frigos?|refrigerateurs?)\b/, ['refrigerator']],
];

/** Names after "from"/"von" say where, not what: "remove the stain from the car". */
const PLACE = /\b(from|off|von|vom|aus dem|aus der)\s+(the |a |dem |der |den )?\w+(\s+\w+)?/g;

/**
 * The COCO labels a removal clause names ("remove the chair", "entferne den Stuhl",
 * "supprime la chaise" → ['chair']), or null when the clause is not a removal of something
 * the detector knows.
 */
export function removalLabels(normalizedClause: string): CocoLabel[] | null {
  if (!REMOVE.test(normalizedClause)) return null;
  const what = normalizedClause.replace(PLACE, ' ');
  const labels = new Set<CocoLabel>();
  for (const [pattern, names] of OBJECT_NAMES) {
    if (pattern.test(what)) for (const label of names) labels.add(label);
  }
  return labels.size > 0 ? [...labels] : null;
}
