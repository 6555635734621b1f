/**
 * An answer that is JSON text already (an item as the database stores it): the responder sends it as
 * it is instead of parsing it and serialising it again (docs/decisions/0081-per-request-costs.md).
 */
export class JsonText {
  constructor(readonly text: string) {}
}
