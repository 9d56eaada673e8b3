/**
 * For a dialog's onCloseAutoFocus when it was opened from a menu or a button that is not its own
 * trigger: focus goes back to that button, if it is still on the page (the row may be gone).
 */
export function returnFocus(event: Event, button: HTMLElement | null | undefined): void {
  if (!button?.isConnected) return;
  event.preventDefault();
  button.focus();
}
