/**
 * A person's name as the app stores and mails it: letters and combining marks of any script,
 * with spaces, full stops, apostrophes and hyphens between them. No control characters (a line
 * break in a name forged a line of the operations e-mail) and no markup.
 */
const PERSON_NAME = /^[\p{L}\p{M}][\p{L}\p{M} .'’-]*$/u;

export const PERSON_NAME_MESSAGE = "Use letters, spaces and . ' - only";

export function isPersonName(text: string): boolean {
  return PERSON_NAME.test(text);
}
