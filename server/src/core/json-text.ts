/**
 * An answer that is JSON text already (an item as the database stores it, a page of items made
 * earlier): the responder sends it as it is instead of parsing it and serialising it again
 * (docs/decisions/0081-per-request-costs.md). An answer that is sent again and again (a list page
 * kept by its collection's revision, 0102) keeps `bodies`: each compressed form is made once.
 */
export class JsonText {
  /** The text compressed, by Content-Encoding, for an answer that is kept (else undefined: made once, sent once). */
  readonly bodies: Map<string, Buffer> | undefined;

  constructor(
    readonly text: string,
    kept = false,
  ) {
    this.bodies = kept ? new Map() : undefined;
  }
}
