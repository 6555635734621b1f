export { createPagewright, type Pagewright, type PagewrightOptions } from './app.js';
export { loadConfig, type Config } from './config.js';
export { recordEvent, EVENT_KEYS, type EventKey } from './core/events.js';
