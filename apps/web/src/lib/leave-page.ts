/** Sends the browser to another site or server page (a payment gateway): a full page load. */
export function leavePageTo(url: string): void {
  window.location.assign(url);
}
