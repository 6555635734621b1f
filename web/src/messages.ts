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
