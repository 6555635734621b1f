// The parts of the `xliff` package (locize/xliff, no types of its own) the locales commands use.
declare module 'xliff' {
  export interface XliffUnit {
    source: unknown;
    target?: unknown;
    note?: string;
    additionalAttributes?: Record<string, string>;
  }
  export interface XliffJs {
    sourceLanguage?: string;
    targetLanguage?: string;
    resources: Record<string, Record<string, XliffUnit>>;
  }
  export function jsToXliff12(js: XliffJs, options?: { indent?: string }): Promise<string>;
  export function xliff12ToJs(xml: string): Promise<XliffJs>;
  export function xliff2js(xml: string): Promise<XliffJs>;
}
