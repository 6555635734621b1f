// autocannon ships no types and @types/autocannon is not a dependency of the project;
// this declares only the part of its programmatic API that the bench uses.
declare module 'autocannon' {
  import type { EventEmitter } from 'node:events';

  namespace autocannon {
    interface Options {
      url: string;
      method?: string;
      headers?: Record<string, string>;
      body?: string;
      connections?: number;
      /** Seconds. */
      duration?: number;
      /** Requests in all, instead of a duration. */
      amount?: number;
    }
    interface Result {
      errors: number;
      timeouts: number;
      non2xx: number;
    }
    /** The run: a thenable that also emits `response` (client, statusCode, bytes, latencyMs) per answer. */
    interface Instance extends EventEmitter, PromiseLike<Result> {}
  }
  function autocannon(options: autocannon.Options): autocannon.Instance;
  export = autocannon;
}
