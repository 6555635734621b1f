/**
 * A link the server made to one of its own files (an export, a site view), as a path on the origin
 * this page was loaded from. The server names itself by its PUBLIC_URL, which is for what leaves the
 * browser (mail, webhooks, OAuth and Stripe redirects); the app may be reached at any other address
 * (a LAN IP, 127.0.0.1, a second host name), where that origin would be another site to the browser.
 */
export function ownAddress(url: string): string {
  // Any base does: only the path, query and fragment are kept, which the browser resolves on its own origin.
  const address = new URL(url, 'http://own.invalid');
  return `${address.pathname}${address.search}${address.hash}`;
}
