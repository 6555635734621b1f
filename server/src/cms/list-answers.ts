import { JsonText } from '../core/json-text.js';

/** What is kept of one collection: its answers at one revision of its rows and of the site's languages. */
interface Kept {
  /** The collection's revision and the site's languages the answers were made at. */
  state: string;
  /** By the list's query as the request gave it, least recently used first. */
  answers: Map<string, JsonText>;
  bytes: number;
}

/**
 * The answers of a collection's list calls (GET …/items), kept as their JSON text and compressed forms
 * and sent again while the collection is at the same revision (docs/decisions/0102-list-answers-kept.md).
 * Every write of a collection's rows or schema gives it a new random revision (site/content/writes.ts),
 * and every list reads the revision from the database first: a write through this process or any
 * other is seen by the next list, with no message and no expiry. An answer depends on nothing else:
 * the rows, the schema, the site's languages (part of the state) and the query; the role only decides
 * whether the call is answered at all, which is checked before.
 *
 * Bounded by size: the least recently used collection goes first once `budget` (the text's length
 * twice over: the text and its compressed forms) is passed, and each collection keeps its
 * `perCollection` most recent queries, in at most half the budget. An answer larger than an eighth of
 * the budget is not kept.
 */
export class ListAnswers {
  private readonly kept = new Map<string, Kept>();
  private counted = 0;

  constructor(
    readonly budget = 16 * 1024 * 1024,
    readonly perCollection = 64,
  ) {}

  /** The answer kept for `query` of a collection at `state`, if any. */
  get(collection: string, state: string, query: string): JsonText | undefined {
    const kept = this.kept.get(collection);
    if (!kept) return undefined;
    if (kept.state !== state) {
      this.drop(collection, kept);
      return undefined;
    }
    const answer = kept.answers.get(query);
    if (!answer) return undefined;
    // Most recently used last, in both orders.
    this.kept.delete(collection);
    this.kept.set(collection, kept);
    kept.answers.delete(query);
    kept.answers.set(query, answer);
    return answer;
  }

  /** Keeps the answer made for `query` of a collection at `state`, and answers it (to be sent). */
  keep(collection: string, state: string, query: string, value: unknown): JsonText {
    const answer = new JsonText(JSON.stringify(value), true);
    const size = answer.text.length * 2;
    if (size > this.budget / 8) return answer;
    let kept = this.kept.get(collection);
    if (kept && kept.state !== state) {
      this.drop(collection, kept);
      kept = undefined;
    }
    if (kept) this.kept.delete(collection);
    else kept = { state, answers: new Map(), bytes: 0 };
    this.kept.set(collection, kept);
    const before = kept.answers.get(query);
    if (before) this.forget(kept, query, before);
    kept.answers.set(query, answer);
    kept.bytes += size;
    this.counted += size;
    while (kept.answers.size > this.perCollection || kept.bytes > this.budget / 2) {
      const [oldest, old] = kept.answers.entries().next().value!;
      this.forget(kept, oldest, old);
    }
    for (const [key, other] of this.kept) {
      if (this.counted <= this.budget) break;
      this.drop(key, other);
    }
    return answer;
  }

  /** What is kept, counted as `keep` says (tests). */
  get bytes(): number {
    return this.counted;
  }

  /** How many answers are kept (tests). */
  get size(): number {
    let n = 0;
    for (const kept of this.kept.values()) n += kept.answers.size;
    return n;
  }

  private forget(kept: Kept, query: string, answer: JsonText): void {
    const size = answer.text.length * 2;
    kept.answers.delete(query);
    kept.bytes -= size;
    this.counted -= size;
  }

  private drop(collection: string, kept: Kept): void {
    this.kept.delete(collection);
    this.counted -= kept.bytes;
  }
}
