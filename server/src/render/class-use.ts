/** How many pages use each class: the stylesheet changes only when a class appears or disappears. */
export class ClassUse {
  readonly counts: Map<string, number>;
  /** A class appeared or disappeared since the previous compile (always, with none to count on). */
  changed: boolean;

  constructor(previous?: ReadonlyMap<string, number>) {
    this.counts = new Map(previous ?? []);
    this.changed = !previous;
  }

  /** Counts the classes of a page in (`by` 1) or out (`by` -1). */
  count(classes: Iterable<string>, by: number): void {
    for (const c of classes) {
      const next = (this.counts.get(c) ?? 0) + by;
      if (next <= 0) {
        this.counts.delete(c);
        this.changed = true;
      } else {
        if (next === by) this.changed = true;
        this.counts.set(c, next);
      }
    }
  }
}
