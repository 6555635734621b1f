// The part of Eleventy 3's programmatic API the compile benchmark uses (it ships no types).
declare module '@11ty/eleventy' {
  export default class Eleventy {
    constructor(input: string, output: string, options?: { quietMode?: boolean; configPath?: string });
    toJSON(): Promise<{ url: string; inputPath: string; outputPath: string; content: string }[]>;
  }
}
