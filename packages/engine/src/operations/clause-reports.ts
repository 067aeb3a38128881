import type { InterpretedClause } from '../prompt/interpret.ts';
import type { ClauseReport } from './part-edits.ts';

export const notUnderstood = (text: string): ClauseReport => ({
  text,
  done: false,
  code: 'not_understood',
});

/**
 * The report of a clause nothing was done for: a part the engine has no mask source for ("make
 * the lamp blue") says so with the person's words; anything else was not understood.
 */
export const notDone = (clause: InterpretedClause): ClauseReport =>
  clause.unfound
    ? { text: clause.text, done: false, code: 'no_local_source', params: { words: clause.unfound } }
    : notUnderstood(clause.text);

const LABEL_NAMES: Record<string, string> = {
  couch: 'sofa',
  'dining table': 'table',
  plate: 'licence plate',
};
const nameOf = (target: unknown) => {
  const text = String(target ?? '');
  const [count, label] = text.includes('×') ? text.split('×') : ['', text];
  const noun = LABEL_NAMES[label!] ?? label!;
  return count ? `${count} ${noun}s` : `the ${noun}`;
};

const keptWhy = (why: unknown) =>
  why === 'busy_background'
    ? 'the background is too busy to fill locally'
    : why === 'low_confidence'
      ? 'the letters could not be told from their background'
      : 'too large to remove locally';

/**
 * An English sentence for a report, for logs and the `applied` list of older clients. The web
 * app words the codes in the person's language itself.
 */
export function describeReport(report: ClauseReport): string {
  const p = report.params ?? {};
  const name = (target: unknown) => (p.words ? String(p.words) : nameOf(target));
  switch (report.code) {
    case 'adjusted':
      return p.target ? `${String(p.operations)} on ${name(p.target)} only` : String(p.operations);
    case 'recoloured':
      return `Made ${name(p.target)} ${String(p.colour)}, keeping its shading and texture`;
    case 'removed':
      return `Removed ${name(p.target)} (outlined and filled from the surroundings)${
        p.kept ? `; ${String(p.kept)} left in place: ${keptWhy(p.keptWhy)}` : ''
      }`;
    case 'sky_restyled':
      return `New ${String(p.look)} sky (only the sky changed)`;
    case 'pixelated':
      return `Pixelated ${name(p.target)}`;
    case 'not_found':
      return `No ${name(p.target).replace(/^the /, '')} found in the image`;
    case 'low_confidence':
      return `Could not find ${name(p.target)} surely enough; select it to edit it`;
    case 'no_local_source':
      return `Finding ${name(p.target)} needs a selection or a hosted model`;
    case 'not_for_a_part':
      return `That cannot be done to ${name(p.target)} alone`;
    case 'too_large':
      return `Left ${name(p.target)} in place: too large to remove locally`;
    case 'busy_background':
      return `Left ${name(p.target)} in place: the background behind it is too busy to fill locally`;
    case 'not_understood':
      return `Could not do locally: ${report.text}`;
  }
}

/** Why nothing at all was done: each clause's reason, in English. */
export function missedMessage(
  clauses: readonly InterpretedClause[],
  reports: ReadonlyMap<InterpretedClause, ClauseReport>,
): string {
  return clauses.map((c) => describeReport(reports.get(c) ?? notDone(c))).join('; ');
}
