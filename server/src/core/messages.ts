// The messages live in the SDK so that the server, the web app and the CLI say the same thing.
export { messages } from '@pagewright/sdk/messages';
