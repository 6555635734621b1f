/** The canvas bridge, bundled to one script by the Vite plugin in web/vite.config.ts. */
declare module 'virtual:canvas-bridge' {
  /** The bridge as one IIFE, to be written verbatim into the frame's `<script>`. */
  const code: string;
  export default code;
  /** Its CSP hash source, `sha256-…` (without quotes). */
  export const hash: string;
}
