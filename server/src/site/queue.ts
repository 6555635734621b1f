/**
 * Runs tasks one after another per key (a site id), in the order they arrive. Writes to one site
 * are serialized in this process by it; across processes the document's revision number catches
 * the rest (see store.ts).
 */
export class KeyedQueue {
  private readonly tails = new Map<string, Promise<unknown>>();

  run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const previous = this.tails.get(key) ?? Promise.resolve();
    const result = previous.then(task, task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    this.tails.set(key, tail);
    // Forget the key once nothing is queued behind this task, so the map does not grow with every site ever edited.
    void tail.then(() => {
      if (this.tails.get(key) === tail) this.tails.delete(key);
    });
    return result;
  }
}
