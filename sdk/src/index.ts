export * from './client.js';
export type { paths, components, operations } from './generated/api.js';
export { messages } from './messages.js';
export * as rules from './rules.js';
