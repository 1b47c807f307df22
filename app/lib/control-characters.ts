/* eslint-disable no-control-regex -- matching control characters is the point of this file */

// C0 controls, DEL and the C1 block. NUL is the one PostgreSQL refuses outright (a 500 before
// this check); the others have no business in a form or an address and forge lines in mail.
const ANY_CONTROL = /[\u0000-\u001f\u007f-\u009f]/;
// A form's text areas carry line breaks and tabs typed by people; nothing else below a space.
const CONTROL_BUT_LINE_BREAKS = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f-\u009f]/;

/** True when a form value holds a control character other than a tab or a line break. */
export function hasForbiddenFormCharacter(text: string): boolean {
  return CONTROL_BUT_LINE_BREAKS.test(text);
}

/** True when text meant for one line (an address, a name, a header) holds any control character. */
export function hasControlCharacter(text: string): boolean {
  return ANY_CONTROL.test(text);
}
