/** Text per language: `{"_loc": true, "en": "…", "fi": "…"}` (spec 002 §3 "Item"). */
export type Localized<T = string> = { _loc: true } & { [language: string]: T | true };

/** A value that is the same in every language, or one per language. */
export type Loc<T = string> = T | Localized<T>;
