import { coverArt, foodArt, palette, postArt, productArt, type Palette } from './art.js';
import { LOOKS, type LookId } from './theme.js';

/**
 * The gallery's picture of a template (GET /template-assets/<id>.svg): a miniature of its home
 * page, drawn with the same pictures the site starts with, in the template's colours.
 */

const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

/** Another SVG placed in a box, cropped to fill it; its ids get a prefix so two never collide. */
function place(svg: string, x: number, y: number, w: number, h: number, prefix: string, rx = 6): string {
  const open = svg.indexOf('>');
  const attrs = svg.slice(4, open);
  const viewBox = /viewBox="([^"]+)"/.exec(attrs)?.[1] ?? '0 0 100 100';
  const inner = svg
    .slice(open + 1, svg.lastIndexOf('</svg>'))
    .replace(/id="([^"]+)"/g, `id="${prefix}$1"`)
    .replace(/url\(#([^)]+)\)/g, `url(#${prefix}$1)`);
  const clip = `${prefix}clip`;
  return `<clipPath id="${clip}"><rect x="${x}" y="${y}" width="${w}" height="${h}" rx="${rx}"/></clipPath><g clip-path="url(#${clip})"><svg x="${x}" y="${y}" width="${w}" height="${h}" viewBox="${viewBox}" preserveAspectRatio="xMidYMid slice">${inner}</svg></g>`;
}

const FONT = 'font-family="system-ui, -apple-system, Segoe UI, sans-serif"';
const SERIF = 'font-family="Georgia, Times New Roman, serif"';

function nav(p: Palette, name: string, links: string[], button: string, dark = false): string {
  const ink = dark ? '#ffffff' : p.gray.shades.l12;
  let out = `<circle cx="30" cy="24" r="8" fill="${p.primary.shades.l9}"/><text x="44" y="29" ${FONT} font-size="13" font-weight="700" fill="${ink}">${esc(name)}</text>`;
  links.forEach(
    (l, i) =>
      (out += `<text x="${330 + i * 58}" y="28" ${FONT} font-size="10" fill="${dark ? '#ffffffcc' : p.gray.shades.l11}">${esc(l)}</text>`),
  );
  const bw = Math.round(button.length * 5.6 + 22);
  out += `<rect x="${620 - bw}" y="13" width="${bw}" height="22" rx="5" fill="${p.primary.shades.l9}"/><text x="${620 - bw / 2}" y="28" text-anchor="middle" ${FONT} font-size="9.5" font-weight="600" fill="#fff">${esc(button)}</text>`;
  return out;
}

function lines(x: number, y: number, widths: number[], color: string, height = 6, gap = 11): string {
  return widths
    .map((w, i) => `<rect x="${x}" y="${y + i * gap}" width="${w}" height="${height}" rx="${height / 2}" fill="${color}"/>`)
    .join('');
}

const DRAW: Record<LookId, (p: Palette) => string> = {
  launch: (p) =>
    `<rect width="640" height="400" fill="${p.primary.shades.l2}"/>` +
    nav(p, 'Launch', ['Features', 'Pricing', 'Contact'], 'Start free trial') +
    `<text x="320" y="92" text-anchor="middle" ${FONT} font-size="30" font-weight="800" letter-spacing="-1" fill="${p.gray.shades.l12}">Ship faster without</text>` +
    `<text x="320" y="126" text-anchor="middle" ${FONT} font-size="30" font-weight="800" letter-spacing="-1" fill="${p.gray.shades.l12}">breaking what works</text>` +
    lines(210, 142, [220], p.gray.shades.l7) +
    `<rect x="232" y="164" width="84" height="24" rx="6" fill="${p.primary.shades.l9}"/><rect x="324" y="164" width="84" height="24" rx="6" fill="#fff" stroke="${p.gray.shades.l7}"/>` +
    place(productArt(p), 90, 208, 460, 230, 'pa', 10),
  folio: (p) =>
    `<rect width="640" height="400" fill="${p.gray.shades.l1}"/>` +
    nav(p, 'Folio', ['Work', 'About', 'Contact'], 'Start a project') +
    `<text x="28" y="96" ${FONT} font-size="34" font-weight="600" letter-spacing="-1.2" fill="${p.gray.shades.l12}">We design brands and</text>` +
    `<text x="28" y="134" ${FONT} font-size="34" font-weight="600" letter-spacing="-1.2" fill="${p.gray.shades.l12}">products people remember.</text>` +
    [0, 1, 3]
      .map(
        (seed, i) =>
          place(coverArt(p, seed), 28 + i * 200, 168, 184, 138, `c${i}`) + lines(28 + i * 200, 318, [110, 70], p.gray.shades.l7, 6, 12),
      )
      .join(''),
  journal: (p) =>
    `<rect width="640" height="400" fill="${p.gray.shades.l1}"/>` +
    `<text x="320" y="46" text-anchor="middle" ${SERIF} font-size="28" font-weight="700" fill="${p.gray.shades.l12}">Journal</text>` +
    `<line x1="40" y1="66" x2="600" y2="66" stroke="${p.gray.shades.l5}"/>` +
    ['Latest', 'Archive', 'About']
      .map(
        (l, i) =>
          `<text x="${262 + i * 50}" y="84" ${FONT} font-size="10" fill="${i === 0 ? p.primary.shades.l11 : p.gray.shades.l11}">${l}</text>`,
      )
      .join('') +
    `<line x1="0" y1="96" x2="640" y2="96" stroke="${p.gray.shades.l5}"/>` +
    place(postArt(p, 0), 40, 116, 320, 190, 'f0', 10) +
    `<text x="380" y="146" ${FONT} font-size="9" font-weight="700" fill="${p.primary.shades.l11}">CODE</text>` +
    `<text x="380" y="176" ${SERIF} font-size="22" font-weight="700" fill="${p.gray.shades.l12}">The case for</text><text x="380" y="202" ${SERIF} font-size="22" font-weight="700" fill="${p.gray.shades.l12}">boring technology</text>` +
    lines(380, 218, [200, 180, 120], p.gray.shades.l7) +
    [1, 2, 3].map((seed, i) => place(postArt(p, seed), 40 + i * 190, 326, 180, 100, `p${i}`, 8)).join(''),
  bistro: (p) =>
    `<rect width="640" height="400" fill="${p.gray.shades.l1}"/>` +
    place(foodArt(p, 'spread', 3, 1600, 1000), 0, 48, 640, 352, 'fa', 0) +
    `<rect x="0" y="48" width="640" height="352" fill="url(#shade)"/><defs><linearGradient id="shade" x1="0" x2="1"><stop offset="0" stop-color="#000" stop-opacity=".8"/><stop offset=".7" stop-color="#000" stop-opacity=".2"/><stop offset="1" stop-color="#000" stop-opacity="0"/></linearGradient></defs>` +
    nav(p, 'Bistro', ['Menu', 'Our story', 'Suomi'], 'Book a table') +
    `<text x="36" y="148" ${FONT} font-size="9" font-weight="700" letter-spacing="1.5" fill="#ffffffcc">SEASONAL NORDIC KITCHEN</text>` +
    `<text x="36" y="190" ${SERIF} font-size="34" font-weight="700" fill="#fff">Food of the season,</text><text x="36" y="230" ${SERIF} font-size="34" font-weight="700" fill="#fff">cooked with care</text>` +
    lines(36, 250, [260, 200], '#ffffff99') +
    `<rect x="36" y="286" width="90" height="26" rx="3" fill="#fff"/><text x="81" y="303" text-anchor="middle" ${FONT} font-size="10" font-weight="600" fill="${p.primary.shades.l12}">Book a table</text>`,
};

/** The gallery picture of a template, or null for an unknown one. */
export function previewSvg(id: string, name: string, colors: { primary: string; secondary: string }): string | null {
  const draw = DRAW[id as LookId];
  if (!draw) return null;
  const p = palette(colors.primary, colors.secondary, LOOKS[id as LookId].gray);
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 640 400" width="640" height="400" role="img" aria-label="${esc(name)} template preview">${draw(p)}</svg>`;
}
