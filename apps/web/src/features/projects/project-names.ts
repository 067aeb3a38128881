/** Working areas §9: 'Project name max 20 characters' (the contract's PROJECT_NAME_MAX). */
export const PROJECT_NAME_MAX = 20;
/** Characters as the server counts them: code points, so an emoji is one and is never cut in half. */
export const characterCount = (text: string) => [...text].length;
const firstCharacters = (text: string, count: number) => [...text].slice(0, count).join('');

/** The contract's PROJECT_DESCRIPTION_MAX. */
export const PROJECT_DESCRIPTION_MAX = 500;

/**
 * What the create and rename prompts send (working areas §5): the input trimmed and cut to 20
 * characters, or null when there is nothing to do (blank, or the name it already has).
 */
export function cleanProjectName(input: string, current?: string): string | null {
  // Line breaks and other control characters are refused by the server: they become spaces.
  const cleaned = input.replace(/\p{Cc}+/gu, ' ').trim();
  const name = firstCharacters(cleaned, PROJECT_NAME_MAX).trim();
  if (!name) return null;
  if (current !== undefined && name === current.trim()) return null;
  return name;
}

/**
 * What the name field keeps while typing: leading spaces go (they would be trimmed), and no more
 * than 20 characters are taken, so the field shows what will be saved.
 */
export const limitName = (input: string) => firstCharacters(input.trimStart(), PROJECT_NAME_MAX);

/** The Save dialog's rule: a name is required, and is cut like the prompts'. */
export const saveableName = (input: string) => cleanProjectName(input);
