/**
 * Moves focus into a dialog the page opened, for keyboard and screen-reader users, without
 * taking anything from someone already using it.
 *
 * A dialog the server drew (a `?review=` or `?request=` address) is on screen and working
 * before its scripts run: the reader may have scrolled it to its buttons, pressed one, or be
 * typing in a field when React takes over and this runs. Focusing the dialog's top then
 * scrolled the button out from under a tap in flight (a lost "Reject KYC" press) and moved
 * keystrokes out of the field. So focus moves only when it is not already inside `container`,
 * and never scrolls.
 */
export function focusOnOpen(container: HTMLElement | null, target: HTMLElement | null = container) {
  if (!container || !target) return;
  if (container.contains(document.activeElement)) return;
  target.focus({ preventScroll: true });
}
