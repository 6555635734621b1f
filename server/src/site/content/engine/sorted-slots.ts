/**
 * The sorted index of a typed column (docs/decisions/0050-cms-typed-columns.md): the slots of live
 * items in the order of one column's values, ties by slot, empty values (NaN) after every other. It
 * is a list of sorted blocks of `Int32Array` entries (4 bytes an item), so a write moves one entry
 * in one block, O(log n + block), and a block that fills splits in two. `rank` answers where a
 * value would go (the bounds of a range), `slice` and `each` read a range in order.
 * tests/engine/sorted-slots.test.ts checks it against a plain sort under random writes.
 */

/** Entries of a sorted block (it splits at twice this); tests make it small to split often. */
export const columnBlocks = { size: 1_024 };

/** The sort key of a value: empty values after every other. */
export const sortKey = (v: number) => (v !== v ? Infinity : v);

/** The slots of live items in the order of one column's values (ties by slot), in blocks of sorted entries. */
export class SortedSlots {
  private blocks: Int32Array[] = [];
  private sizes: number[] = [];

  constructor(
    private readonly values: () => Float64Array,
    slots: Int32Array,
  ) {
    const v = values();
    const sorted = Array.from(slots).sort((a, b) => sortKey(v[a]!) - sortKey(v[b]!) || a - b);
    // Blocks start nearly full (memory is 4 bytes an item, not 8), with room for some inserts before a split.
    const capacity = columnBlocks.size * 2;
    // Never full: an insert splits a block as it fills (a block of 2 starts with 1 entry).
    const fill = capacity - Math.max(1, Math.min(64, capacity >>> 2));
    for (let i = 0; i < sorted.length; i += fill) {
      const block = new Int32Array(capacity);
      const part = sorted.slice(i, i + fill);
      block.set(part);
      this.blocks.push(block);
      this.sizes.push(part.length);
    }
  }

  get length(): number {
    let n = 0;
    for (const s of this.sizes) n += s;
    return n;
  }

  /** Whether (key, slot) a comes before b. */
  private before(ka: number, a: number, kb: number, b: number): boolean {
    return ka < kb || (ka === kb && a < b);
  }

  /** The block holding (or to hold) a slot with this key, and its place in it. */
  private locate(key: number, slot: number): { b: number; at: number } {
    const v = this.values();
    let lo = 0;
    let hi = this.blocks.length - 1;
    // The first block whose last entry is not before (key, slot).
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const last = this.blocks[mid]![this.sizes[mid]! - 1]!;
      if (this.before(sortKey(v[last]!), last, key, slot)) lo = mid + 1;
      else hi = mid;
    }
    const block = this.blocks[lo]!;
    let a = 0;
    let z = this.sizes[lo]!;
    while (a < z) {
      const mid = (a + z) >>> 1;
      const s = block[mid]!;
      if (this.before(sortKey(v[s]!), s, key, slot)) a = mid + 1;
      else z = mid;
    }
    return { b: lo, at: a };
  }

  /** Adds a slot at its value's place. */
  insert(slot: number): void {
    const key = sortKey(this.values()[slot]!);
    if (this.blocks.length === 0) {
      this.blocks.push(new Int32Array(columnBlocks.size * 2));
      this.sizes.push(0);
    }
    const { b, at } = this.locate(key, slot);
    const block = this.blocks[b]!;
    const size = this.sizes[b]!;
    block.copyWithin(at + 1, at, size);
    block[at] = slot;
    this.sizes[b] = size + 1;
    if (size + 1 === block.length) {
      const half = block.length >>> 1;
      const next = new Int32Array(columnBlocks.size * 2);
      next.set(block.subarray(half));
      this.blocks.splice(b + 1, 0, next);
      this.sizes.splice(b + 1, 0, block.length - half);
      this.sizes[b] = half;
    }
  }

  /** Removes a slot, found by the value it holds now. */
  remove(slot: number): boolean {
    if (this.blocks.length === 0) return false;
    const { b, at } = this.locate(sortKey(this.values()[slot]!), slot);
    const block = this.blocks[b]!;
    const size = this.sizes[b]!;
    if (at >= size || block[at] !== slot) return false;
    block.copyWithin(at, at + 1, size);
    this.sizes[b] = size - 1;
    if (size === 1 && this.blocks.length > 1) {
      this.blocks.splice(b, 1);
      this.sizes.splice(b, 1);
    }
    return true;
  }

  /** How many entries have a key below `key` (or not above it, with `inclusive`). */
  rank(key: number, inclusive: boolean): number {
    const v = this.values();
    const below = (s: number) => (inclusive ? sortKey(v[s]!) <= key : sortKey(v[s]!) < key);
    let n = 0;
    for (let b = 0; b < this.blocks.length; b++) {
      const block = this.blocks[b]!;
      const size = this.sizes[b]!;
      if (size && below(block[size - 1]!)) {
        n += size;
        continue;
      }
      let a = 0;
      let z = size;
      while (a < z) {
        const mid = (a + z) >>> 1;
        if (below(block[mid]!)) a = mid + 1;
        else z = mid;
      }
      return n + a;
    }
    return n;
  }

  /** The slots at places [from, to), in order (a copy). */
  slice(from: number, to: number): Int32Array {
    const out = new Int32Array(Math.max(0, to - from));
    let base = 0;
    let n = 0;
    for (let b = 0; b < this.blocks.length && base < to; b++) {
      const size = this.sizes[b]!;
      if (base + size > from) {
        const part = this.blocks[b]!.subarray(Math.max(0, from - base), Math.min(size, to - base));
        out.set(part, n);
        n += part.length;
      }
      base += size;
    }
    return out;
  }

  /** Calls `visit` with the slots at places [from, to), forwards or backwards. */
  each(from: number, to: number, backwards: boolean, visit: (slot: number) => void): void {
    if (from >= to) return;
    if (!backwards) {
      let base = 0;
      for (let b = 0; b < this.blocks.length && base < to; b++) {
        const size = this.sizes[b]!;
        const block = this.blocks[b]!;
        for (let i = Math.max(0, from - base); i < size && base + i < to; i++) visit(block[i]!);
        base += size;
      }
      return;
    }
    let base = this.length;
    for (let b = this.blocks.length - 1; b >= 0 && base > from; b--) {
      const size = this.sizes[b]!;
      const block = this.blocks[b]!;
      base -= size;
      for (let i = Math.min(size, to - base) - 1; i >= 0 && base + i >= from; i--) visit(block[i]!);
    }
  }
}
