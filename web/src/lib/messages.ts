/**
 * The web app's user-facing texts. Those the server, the CLI and the web app share (the spec's own,
 * typos included) live once in the SDK; only the texts no other client shows are kept here.
 */
export { messages } from '@pagewright/sdk/messages';

/** Why a Google or GitHub sign-in failed, by the code the server puts in `/auth/login?error=`. */
export const providerErrors: Record<string, string> = {
  not_configured: 'Sign-in with this provider is not configured on this server.',
  access_denied: 'The sign-in was cancelled at the provider.',
  invalid_state: 'The sign-in expired or was started in another browser. Please try again.',
  provider_failed: 'The provider could not be reached. Please try again later.',
  email_unverified: 'The e-mail of your external account is not verified.',
  account_in_use: 'This external account is already connected to another user.',
  server_error: 'Something went wrong on the server. Please try again later.',
};

/**
 * Why a published site has no sitemap (issue 28): the sitemap protocol wants absolute addresses, made
 * from the compile settings' domain. The publish menu and the compile settings say it.
 */
export const NO_SITEMAP = "No sitemap.xml: a sitemap lists the site's full addresses, so it needs the site's domain.";
export const SET_DOMAIN = 'Set the domain';

/** Beside a translation the server marks stale (its main-language text changed after it was written). */
export const STALE_TRANSLATION = "The main language's text changed after this was translated.";
/**
 * The label of an embed the editor's canvas cannot show (issue 29: its host must stay blocked there,
 * such as plain http under an https editor), in its place and at its size.
 */
export const EMBED_BLOCKED = (host: string) => `Embedded content from ${host} shows on the published site, not in the editor.`;
