import { colorScale } from '../model/colors.js';
import type { ColorScale, Shade } from '../model/document.js';

/**
 * The templates' pictures, drawn here as SVG: no network, no stock photos, nothing to license.
 * Each picture is a function of a palette (the site's primary, secondary and gray scales) and a
 * seed, so a site created with other colours gets pictures in its own colours.
 */
export interface Palette {
  primary: ColorScale;
  secondary: ColorScale;
  gray: ColorScale;
}

export function palette(primary: string, secondary: string, gray = '#71717a'): Palette {
  return { primary: colorScale(primary), secondary: colorScale(secondary), gray: colorScale(gray) };
}

/** A seeded random number generator (mulberry32): the same seed draws the same picture. */
function random(seed: number): () => number {
  let t = seed >>> 0;
  return () => {
    t = (t + 0x6d2b79f5) >>> 0;
    let r = Math.imul(t ^ (t >>> 15), 1 | t);
    r ^= r + Math.imul(r ^ (r >>> 7), 61 | r);
    return ((r ^ (r >>> 14)) >>> 0) / 4294967296;
  };
}

const f = (n: number) => Math.round(n * 10) / 10;
const esc = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/"/g, '&quot;');

function svg(w: number, h: number, label: string, body: string, defs = ''): string {
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${w} ${h}" width="${w}" height="${h}" role="img" aria-label="${esc(label)}">${defs ? `<defs>${defs}</defs>` : ''}${body}</svg>`;
}

const s = (scale: ColorScale, shade: Shade) => scale.shades[shade];

// ------------------------------------------------------------------------------------------------
// Abstract compositions

/** Soft overlapping shapes on a pale ground: heroes and feature pictures. */
export function abstractArt(p: Palette, seed: number, w = 1200, h = 900, label = 'Abstract composition'): string {
  const r = random(seed);
  const id = `a${seed}`;
  const defs =
    `<linearGradient id="${id}g1" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s(p.primary, 'l8')}"/><stop offset="1" stop-color="${s(p.primary, 'l10')}"/></linearGradient>` +
    `<linearGradient id="${id}g2" x1="0" y1="1" x2="1" y2="0"><stop offset="0" stop-color="${s(p.secondary, 'l7')}"/><stop offset="1" stop-color="${s(p.secondary, 'l9')}"/></linearGradient>` +
    `<radialGradient id="${id}g3" cx=".3" cy=".3" r=".9"><stop offset="0" stop-color="${s(p.primary, 'l3')}"/><stop offset="1" stop-color="${s(p.gray, 'l2')}"/></radialGradient>`;
  let body = `<rect width="${w}" height="${h}" fill="url(#${id}g3)"/>`;
  // A quiet grid behind the shapes.
  for (let x = 60; x < w; x += 60)
    body += `<line x1="${x}" y1="0" x2="${x}" y2="${h}" stroke="${s(p.gray, 'l5')}" stroke-width="1" opacity=".35"/>`;
  for (let y = 60; y < h; y += 60)
    body += `<line x1="0" y1="${y}" x2="${w}" y2="${y}" stroke="${s(p.gray, 'l5')}" stroke-width="1" opacity=".35"/>`;
  const cx = w * (0.45 + r() * 0.15);
  const cy = h * (0.45 + r() * 0.1);
  body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(h * 0.34)}" fill="url(#${id}g1)"/>`;
  body += `<rect x="${f(cx - h * 0.05)}" y="${f(cy - h * 0.02)}" width="${f(h * 0.42)}" height="${f(h * 0.42)}" rx="${f(h * 0.04)}" fill="url(#${id}g2)" opacity=".92" transform="rotate(${f(-12 + r() * 24)} ${f(cx + h * 0.16)} ${f(cy + h * 0.19)})"/>`;
  body += `<circle cx="${f(cx - h * 0.3)}" cy="${f(cy + h * 0.26)}" r="${f(h * 0.09)}" fill="${s(p.secondary, 'l4')}"/>`;
  body += `<path d="M${f(w * 0.08)} ${f(h * 0.82)} C ${f(w * 0.3)} ${f(h * 0.5)}, ${f(w * 0.6)} ${f(h * 1.05)}, ${f(w * 0.92)} ${f(h * 0.7)}" fill="none" stroke="${s(p.primary, 'l12')}" stroke-width="3" stroke-linecap="round" opacity=".7"/>`;
  for (let i = 0; i < 14; i++) {
    const x = w * (0.6 + r() * 0.35);
    const y = h * (0.08 + r() * 0.3);
    body += `<circle cx="${f(x)}" cy="${f(y)}" r="${f(3 + r() * 4)}" fill="${s(p.primary, 'l11')}" opacity="${f(0.25 + r() * 0.5)}"/>`;
  }
  body += `<rect x="${f(w * 0.1)}" y="${f(h * 0.12)}" width="${f(w * 0.16)}" height="${f(w * 0.16)}" rx="${f(w * 0.08)}" fill="none" stroke="${s(p.secondary, 'l9')}" stroke-width="10"/>`;
  return svg(w, h, label, body, defs);
}

/** A product screen: a window with a sidebar, a chart and cards, in the brand colours. */
export function productArt(p: Palette, w = 1440, h = 960, label = 'Product dashboard'): string {
  const r = random(7);
  const id = 'ui';
  const defs =
    `<linearGradient id="${id}bg" x1="0" y1="0" x2="1" y2="1"><stop offset="0" stop-color="${s(p.primary, 'l3')}"/><stop offset="1" stop-color="${s(p.secondary, 'l3')}"/></linearGradient>` +
    `<linearGradient id="${id}area" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${s(p.primary, 'l9')}" stop-opacity=".35"/><stop offset="1" stop-color="${s(p.primary, 'l9')}" stop-opacity="0"/></linearGradient>` +
    `<filter id="${id}sh" x="-10%" y="-10%" width="120%" height="130%"><feDropShadow dx="0" dy="24" stdDeviation="28" flood-color="${s(p.primary, 'l12')}" flood-opacity=".18"/></filter>`;
  const X = 70;
  const Y = 60;
  const W = w - 140;
  const H = h - 120;
  let body = `<rect width="${w}" height="${h}" fill="url(#${id}bg)"/>`;
  body += `<rect x="${X}" y="${Y}" width="${W}" height="${H}" rx="22" fill="#ffffff" filter="url(#${id}sh)"/>`;
  body += `<path d="M${X} ${Y + 22} a22 22 0 0 1 22 -22 h${W - 44} a22 22 0 0 1 22 22 v34 h-${W} z" fill="${s(p.gray, 'l2')}"/>`;
  ['#f87171', '#fbbf24', '#34d399'].forEach((c, i) => (body += `<circle cx="${X + 30 + i * 22}" cy="${Y + 28}" r="7" fill="${c}"/>`));
  body += `<rect x="${X + W / 2 - 160}" y="${Y + 17}" width="320" height="22" rx="11" fill="${s(p.gray, 'l4')}"/>`;
  // Sidebar
  const sx = X;
  const sy = Y + 56;
  body += `<rect x="${sx}" y="${sy}" width="230" height="${H - 56}" fill="${s(p.gray, 'l2')}"/>`;
  body += `<rect x="${sx + 24}" y="${sy + 26}" width="34" height="34" rx="9" fill="${s(p.primary, 'l9')}"/><rect x="${sx + 70}" y="${sy + 36}" width="100" height="14" rx="7" fill="${s(p.gray, 'l8')}"/>`;
  for (let i = 0; i < 7; i++) {
    const active = i === 1;
    const y = sy + 96 + i * 46;
    if (active) body += `<rect x="${sx + 14}" y="${y - 12}" width="202" height="38" rx="9" fill="${s(p.primary, 'l4')}"/>`;
    body += `<rect x="${sx + 28}" y="${y}" width="14" height="14" rx="4" fill="${active ? s(p.primary, 'l9') : s(p.gray, 'l7')}"/><rect x="${sx + 54}" y="${y + 2}" width="${80 + ((i * 37) % 60)}" height="10" rx="5" fill="${active ? s(p.primary, 'l11') : s(p.gray, 'l6')}"/>`;
  }
  // Header of the content
  const cx = sx + 270;
  const cw = X + W - cx - 40;
  body += `<rect x="${cx}" y="${sy + 30}" width="220" height="20" rx="10" fill="${s(p.gray, 'l12')}" opacity=".85"/><rect x="${cx}" y="${sy + 62}" width="320" height="12" rx="6" fill="${s(p.gray, 'l6')}"/>`;
  body += `<rect x="${cx + cw - 150}" y="${sy + 28}" width="150" height="40" rx="10" fill="${s(p.primary, 'l9')}"/><rect x="${cx + cw - 122}" y="${sy + 43}" width="94" height="10" rx="5" fill="#ffffff" opacity=".9"/>`;
  // Stat cards
  const cardW = (cw - 48) / 3;
  const stats = [s(p.primary, 'l9'), s(p.secondary, 'l9'), s(p.primary, 'l7')];
  for (let i = 0; i < 3; i++) {
    const x = cx + i * (cardW + 24);
    const y = sy + 100;
    body += `<rect x="${f(x)}" y="${y}" width="${f(cardW)}" height="112" rx="14" fill="#ffffff" stroke="${s(p.gray, 'l5')}"/>`;
    body += `<rect x="${f(x + 20)}" y="${y + 22}" width="90" height="10" rx="5" fill="${s(p.gray, 'l7')}"/><rect x="${f(x + 20)}" y="${y + 46}" width="${120 + i * 18}" height="24" rx="8" fill="${s(p.gray, 'l12')}" opacity=".82"/>`;
    body += `<rect x="${f(x + 20)}" y="${y + 84}" width="${f(cardW - 40)}" height="8" rx="4" fill="${s(p.gray, 'l4')}"/><rect x="${f(x + 20)}" y="${y + 84}" width="${f((cardW - 40) * (0.45 + i * 0.18))}" height="8" rx="4" fill="${stats[i]}"/>`;
  }
  // Chart
  const gy = sy + 236;
  const gh = H - 56 - 236 - 36;
  body += `<rect x="${cx}" y="${gy}" width="${f(cw * 0.64)}" height="${gh}" rx="14" fill="#ffffff" stroke="${s(p.gray, 'l5')}"/>`;
  const px = cx + 24;
  const pw = cw * 0.64 - 48;
  const base = gy + gh - 30;
  const pts: [number, number][] = [];
  for (let i = 0; i <= 12; i++) pts.push([px + (pw * i) / 12, base - (gh - 90) * (0.2 + 0.55 * (i / 12) + 0.18 * Math.sin(i * 1.3) * r())]);
  for (let i = 1; i < 4; i++)
    body += `<line x1="${f(px)}" y1="${f(base - ((gh - 70) * i) / 4)}" x2="${f(px + pw)}" y2="${f(base - ((gh - 70) * i) / 4)}" stroke="${s(p.gray, 'l4')}"/>`;
  const line = pts.map(([x, y], i) => `${i ? 'L' : 'M'}${f(x)} ${f(y)}`).join(' ');
  body += `<path d="${line} L${f(px + pw)} ${base} L${f(px)} ${base} Z" fill="url(#${id}area)"/><path d="${line}" fill="none" stroke="${s(p.primary, 'l9')}" stroke-width="4" stroke-linejoin="round"/>`;
  const last = pts[9]!;
  body += `<circle cx="${f(last[0])}" cy="${f(last[1])}" r="8" fill="#ffffff" stroke="${s(p.primary, 'l9')}" stroke-width="4"/>`;
  body += `<rect x="${cx + 24}" y="${gy + 22}" width="140" height="12" rx="6" fill="${s(p.gray, 'l8')}"/>`;
  // Activity list
  const lx = cx + cw * 0.64 + 24;
  const lw = cw * 0.36 - 24;
  body += `<rect x="${f(lx)}" y="${gy}" width="${f(lw)}" height="${gh}" rx="14" fill="#ffffff" stroke="${s(p.gray, 'l5')}"/>`;
  for (let i = 0; i < 5; i++) {
    const y = gy + 30 + i * ((gh - 50) / 5);
    const c = [s(p.primary, 'l9'), s(p.secondary, 'l9'), s(p.primary, 'l6'), s(p.secondary, 'l6'), s(p.gray, 'l7')][i]!;
    body += `<circle cx="${f(lx + 34)}" cy="${f(y + 14)}" r="14" fill="${c}"/><rect x="${f(lx + 60)}" y="${f(y + 4)}" width="${f(lw * 0.5)}" height="9" rx="4.5" fill="${s(p.gray, 'l9')}"/><rect x="${f(lx + 60)}" y="${f(y + 20)}" width="${f(lw * 0.32)}" height="8" rx="4" fill="${s(p.gray, 'l5')}"/>`;
  }
  return svg(w, h, label, body, defs);
}

/** Project covers: a family of bold geometric posters, each seed a different layout. */
export function coverArt(p: Palette, seed: number, w = 1200, h = 900, label = 'Project cover'): string {
  const r = random(seed * 31 + 5);
  const grounds = [s(p.secondary, 'l3'), s(p.gray, 'l12'), s(p.primary, 'l3'), s(p.secondary, 'l9'), s(p.gray, 'l3'), s(p.primary, 'l9')];
  const ground = grounds[seed % grounds.length]!;
  const dark = seed % grounds.length === 1 || seed % grounds.length === 5;
  const ink = dark ? s(p.gray, 'l2') : s(p.gray, 'l12');
  const accent = seed % grounds.length === 3 ? s(p.gray, 'l12') : s(p.secondary, 'l9');
  const soft = dark ? s(p.gray, 'l10') : s(p.gray, 'l6');
  let body = `<rect width="${w}" height="${h}" fill="${ground}"/>`;
  switch (seed % 6) {
    case 0: {
      // A grid of circles and quarter circles.
      const n = 4;
      const cell = Math.min(w, h) * 0.16;
      const ox = (w - cell * n) / 2;
      const oy = (h - cell * n) / 2;
      for (let i = 0; i < n; i++)
        for (let j = 0; j < n; j++) {
          const x = ox + i * cell;
          const y = oy + j * cell;
          const k = Math.floor(r() * 4);
          if (k === 0) body += `<circle cx="${f(x + cell / 2)}" cy="${f(y + cell / 2)}" r="${f(cell / 2)}" fill="${ink}"/>`;
          else if (k === 1)
            body += `<path d="M${f(x)} ${f(y + cell)} A${f(cell)} ${f(cell)} 0 0 1 ${f(x + cell)} ${f(y)} L${f(x + cell)} ${f(y + cell)} Z" fill="${accent}"/>`;
          else if (k === 2)
            body += `<rect x="${f(x + cell * 0.1)}" y="${f(y + cell * 0.1)}" width="${f(cell * 0.8)}" height="${f(cell * 0.8)}" fill="none" stroke="${ink}" stroke-width="6"/>`;
          else body += `<circle cx="${f(x + cell / 2)}" cy="${f(y + cell / 2)}" r="${f(cell * 0.18)}" fill="${soft}"/>`;
        }
      break;
    }
    case 1: {
      // Concentric rings off-centre.
      const cx = w * 0.62;
      const cy = h * 0.55;
      for (let i = 9; i > 0; i--)
        body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(i * h * 0.055)}" fill="${i % 2 ? s(p.secondary, 'l9') : ground}" opacity="${i % 2 ? 0.9 : 1}"/>`;
      body += `<rect x="${f(w * 0.08)}" y="${f(h * 0.1)}" width="${f(w * 0.05)}" height="${f(h * 0.8)}" fill="${ink}"/>`;
      break;
    }
    case 2: {
      // A book or packaging mock: stacked panels with a label.
      body += `<rect x="${f(w * 0.3)}" y="${f(h * 0.14)}" width="${f(w * 0.4)}" height="${f(h * 0.72)}" rx="6" fill="${s(p.primary, 'l9')}"/>`;
      body += `<rect x="${f(w * 0.3)}" y="${f(h * 0.14)}" width="${f(w * 0.03)}" height="${f(h * 0.72)}" fill="${s(p.primary, 'l11')}"/>`;
      body += `<circle cx="${f(w * 0.52)}" cy="${f(h * 0.4)}" r="${f(h * 0.12)}" fill="${s(p.secondary, 'l8')}"/>`;
      for (let i = 0; i < 3; i++)
        body += `<rect x="${f(w * 0.4)}" y="${f(h * (0.62 + i * 0.05))}" width="${f(w * (0.22 - i * 0.05))}" height="${f(h * 0.018)}" fill="#ffffff" opacity=".85"/>`;
      body += `<ellipse cx="${f(w * 0.5)}" cy="${f(h * 0.88)}" rx="${f(w * 0.24)}" ry="${f(h * 0.02)}" fill="${s(p.gray, 'l12')}" opacity=".12"/>`;
      break;
    }
    case 3: {
      // Diagonal stripes cut by a circle.
      for (let i = -8; i < 16; i++)
        body += `<rect x="${f(i * 90)}" y="-200" width="38" height="${h + 400}" fill="${ink}" opacity=".9" transform="rotate(28 ${w / 2} ${h / 2})"/>`;
      body += `<circle cx="${f(w * 0.5)}" cy="${f(h * 0.5)}" r="${f(h * 0.28)}" fill="${ground}"/><circle cx="${f(w * 0.5)}" cy="${f(h * 0.5)}" r="${f(h * 0.16)}" fill="${s(p.primary, 'l9')}"/>`;
      break;
    }
    case 4: {
      // A phone and a card: a digital product.
      body += `<rect x="${f(w * 0.18)}" y="${f(h * 0.2)}" width="${f(w * 0.42)}" height="${f(h * 0.55)}" rx="18" fill="#ffffff" stroke="${s(p.gray, 'l6')}" stroke-width="2"/>`;
      for (let i = 0; i < 4; i++)
        body += `<rect x="${f(w * 0.22)}" y="${f(h * (0.28 + i * 0.1))}" width="${f(w * (0.3 - (i % 2) * 0.08))}" height="${f(h * 0.04)}" rx="8" fill="${i === 0 ? s(p.primary, 'l9') : s(p.gray, 'l4')}"/>`;
      body += `<rect x="${f(w * 0.56)}" y="${f(h * 0.14)}" width="${f(w * 0.24)}" height="${f(h * 0.72)}" rx="36" fill="${s(p.gray, 'l12')}"/>`;
      body += `<rect x="${f(w * 0.575)}" y="${f(h * 0.17)}" width="${f(w * 0.21)}" height="${f(h * 0.66)}" rx="26" fill="${s(p.secondary, 'l9')}"/>`;
      body += `<circle cx="${f(w * 0.68)}" cy="${f(h * 0.42)}" r="${f(h * 0.08)}" fill="#ffffff" opacity=".9"/><rect x="${f(w * 0.61)}" y="${f(h * 0.58)}" width="${f(w * 0.14)}" height="${f(h * 0.03)}" rx="6" fill="#ffffff" opacity=".85"/>`;
      break;
    }
    default: {
      // Big letterform shapes: an identity system.
      body += `<path d="M${f(w * 0.18)} ${f(h * 0.8)} L${f(w * 0.38)} ${f(h * 0.2)} L${f(w * 0.58)} ${f(h * 0.8)} Z" fill="${s(p.secondary, 'l8')}"/>`;
      body += `<rect x="${f(w * 0.52)}" y="${f(h * 0.2)}" width="${f(w * 0.12)}" height="${f(h * 0.6)}" fill="${s(p.gray, 'l1')}"/>`;
      body += `<circle cx="${f(w * 0.76)}" cy="${f(h * 0.5)}" r="${f(h * 0.3)}" fill="none" stroke="${s(p.gray, 'l1')}" stroke-width="${f(w * 0.05)}"/>`;
    }
  }
  return svg(w, h, label, body);
}

/** Editorial covers: calm fields, a horizon and a few marks. */
export function postArt(p: Palette, seed: number, w = 1600, h = 900, label = 'Article illustration'): string {
  const r = random(seed * 17 + 3);
  const id = `p${seed}`;
  const schemes: [string, string, string][] = [
    [s(p.primary, 'l3'), s(p.primary, 'l9'), s(p.secondary, 'l8')],
    [s(p.secondary, 'l3'), s(p.secondary, 'l9'), s(p.primary, 'l10')],
    [s(p.gray, 'l3'), s(p.gray, 'l11'), s(p.secondary, 'l9')],
    [s(p.primary, 'l11'), s(p.primary, 'l6'), s(p.secondary, 'l5')],
    [s(p.secondary, 'l5'), s(p.primary, 'l10'), s(p.gray, 'l1')],
    [s(p.gray, 'l12'), s(p.secondary, 'l9'), s(p.primary, 'l6')],
  ];
  const [ground, main, accent] = schemes[seed % schemes.length]!;
  const defs = `<linearGradient id="${id}sky" x1="0" y1="0" x2="0" y2="1"><stop offset="0" stop-color="${ground}"/><stop offset="1" stop-color="${ground}" stop-opacity=".75"/></linearGradient>`;
  let body = `<rect width="${w}" height="${h}" fill="${ground}"/><rect width="${w}" height="${h}" fill="url(#${id}sky)"/>`;
  switch (seed % 4) {
    case 0: {
      body += `<circle cx="${f(w * (0.3 + r() * 0.4))}" cy="${f(h * 0.42)}" r="${f(h * 0.22)}" fill="${accent}"/>`;
      for (let i = 0; i < 4; i++) {
        const y = h * (0.6 + i * 0.1);
        body += `<path d="M0 ${f(y)} Q ${f(w * 0.25)} ${f(y - 40 - r() * 40)} ${f(w * 0.5)} ${f(y)} T ${w} ${f(y)} V ${h} H 0 Z" fill="${main}" opacity="${f(0.35 + i * 0.2)}"/>`;
      }
      break;
    }
    case 1: {
      for (let i = 0; i < 7; i++) {
        const x = w * (0.12 + i * 0.12);
        const bh = h * (0.2 + r() * 0.5);
        body += `<rect x="${f(x)}" y="${f(h * 0.85 - bh)}" width="${f(w * 0.07)}" height="${f(bh)}" rx="${f(w * 0.035)}" fill="${i % 3 === 1 ? accent : main}"/>`;
      }
      body += `<rect x="${f(w * 0.08)}" y="${f(h * 0.85)}" width="${f(w * 0.84)}" height="4" fill="${main}"/>`;
      break;
    }
    case 2: {
      for (let i = 0; i < 5; i++)
        body += `<circle cx="${f(w * 0.5)}" cy="${f(h * 0.5)}" r="${f(h * (0.1 + i * 0.09))}" fill="none" stroke="${i === 2 ? accent : main}" stroke-width="${i === 2 ? 14 : 3}" opacity="${i === 2 ? 1 : 0.6}"/>`;
      body += `<line x1="0" y1="${f(h * 0.5)}" x2="${w}" y2="${f(h * 0.5)}" stroke="${main}" stroke-width="2" opacity=".5"/>`;
      break;
    }
    default: {
      // Paper shapes: overlapping leaves.
      for (let i = 0; i < 6; i++) {
        const cx = w * (0.2 + r() * 0.6);
        const cy = h * (0.25 + r() * 0.5);
        const rot = r() * 180;
        body += `<ellipse cx="${f(cx)}" cy="${f(cy)}" rx="${f(h * 0.28)}" ry="${f(h * 0.1)}" fill="${i % 2 ? accent : main}" opacity=".85" transform="rotate(${f(rot)} ${f(cx)} ${f(cy)})"/>`;
      }
    }
  }
  return svg(w, h, label, body, defs);
}

/** An abstract portrait: a head and shoulders in flat colour. */
export function portraitArt(p: Palette, seed: number, w = 600, h = 720, label = 'Portrait'): string {
  const r = random(seed * 13 + 1);
  const grounds = [s(p.primary, 'l4'), s(p.secondary, 'l4'), s(p.gray, 'l4'), s(p.primary, 'l6'), s(p.secondary, 'l6')];
  const skins = ['#f1c7a5', '#d9a27c', '#a8714f', '#7a4b33', '#efd3bd', '#c68b62'];
  const hairs = ['#2b211c', '#5b3a24', '#a0622f', '#111111', '#d8b072', '#6b6b6b'];
  const shirts = [s(p.primary, 'l9'), s(p.secondary, 'l9'), s(p.gray, 'l11'), s(p.primary, 'l11'), s(p.secondary, 'l11')];
  const ground = grounds[seed % grounds.length]!;
  const skin = skins[(seed * 7) % skins.length]!;
  const hair = hairs[(seed * 5) % hairs.length]!;
  const shirt = shirts[(seed * 3) % shirts.length]!;
  const cx = w / 2;
  const headR = w * 0.2;
  const headY = h * 0.44;
  let body = `<rect width="${w}" height="${h}" fill="${ground}"/>`;
  body += `<circle cx="${f(w * (0.2 + r() * 0.6))}" cy="${f(h * 0.2)}" r="${f(w * 0.22)}" fill="#ffffff" opacity=".25"/>`;
  const style = seed % 3;
  // Long hair falls behind the neck and shoulders; the shirt covers its ends.
  if (style === 0)
    body += `<rect x="${f(cx - headR * 1.18)}" y="${f(headY - headR * 1.12)}" width="${f(headR * 2.36)}" height="${f(headR * 2.7)}" rx="${f(headR * 1.1)}" fill="${hair}"/>`;
  body += `<rect x="${f(cx - w * 0.075)}" y="${f(headY + headR * 0.5)}" width="${f(w * 0.15)}" height="${f(h * 0.16)}" rx="${f(w * 0.06)}" fill="${skin}"/>`;
  body += `<path d="M${f(cx - w * 0.44)} ${h} C ${f(cx - w * 0.42)} ${f(h * 0.7)}, ${f(cx - w * 0.2)} ${f(h * 0.66)}, ${f(cx)} ${f(h * 0.66)} C ${f(cx + w * 0.2)} ${f(h * 0.66)}, ${f(cx + w * 0.42)} ${f(h * 0.7)}, ${f(cx + w * 0.44)} ${h} Z" fill="${shirt}"/>`;
  body += `<path d="M${f(cx - w * 0.07)} ${f(h * 0.66)} Q ${f(cx)} ${f(h * 0.72)} ${f(cx + w * 0.07)} ${f(h * 0.66)} Z" fill="${skin}"/>`;
  body += `<circle cx="${f(cx)}" cy="${f(headY)}" r="${f(headR)}" fill="${skin}"/>`;
  if (style === 0 || style === 1)
    body += `<path d="M${f(cx - headR * 1.05)} ${f(headY - headR * 0.05)} C ${f(cx - headR * 1.1)} ${f(headY - headR * 1.5)}, ${f(cx + headR * 1.1)} ${f(headY - headR * 1.5)}, ${f(cx + headR * 1.05)} ${f(headY - headR * 0.05)} C ${f(cx + headR * 0.5)} ${f(headY - headR * 0.7)}, ${f(cx - headR * 0.4)} ${f(headY - headR * 0.5)}, ${f(cx - headR * 1.05)} ${f(headY - headR * 0.05)} Z" fill="${hair}"/>`;
  else
    body += `<path d="M${f(cx - headR)} ${f(headY - headR * 0.2)} A${f(headR)} ${f(headR)} 0 0 1 ${f(cx + headR)} ${f(headY - headR * 0.2)} Q ${f(cx)} ${f(headY - headR * 0.75)} ${f(cx - headR)} ${f(headY - headR * 0.2)} Z" fill="${hair}"/>`;
  if (seed % 4 === 2)
    body += `<g fill="none" stroke="${s(p.gray, 'l12')}" stroke-width="5"><circle cx="${f(cx - headR * 0.4)}" cy="${f(headY + headR * 0.1)}" r="${f(headR * 0.26)}"/><circle cx="${f(cx + headR * 0.4)}" cy="${f(headY + headR * 0.1)}" r="${f(headR * 0.26)}"/><line x1="${f(cx - headR * 0.14)}" y1="${f(headY + headR * 0.1)}" x2="${f(cx + headR * 0.14)}" y2="${f(headY + headR * 0.1)}"/></g>`;
  return svg(w, h, label, body);
}

// ------------------------------------------------------------------------------------------------
// Food, seen from above

const PLATE = (cx: number, cy: number, rad: number, rim: string, face: string) =>
  `<circle cx="${f(cx)}" cy="${f(cy + rad * 0.06)}" r="${f(rad)}" fill="#000000" opacity=".12"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad)}" fill="${rim}"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 0.78)}" fill="${face}"/>`;

function leaf(cx: number, cy: number, len: number, rot: number, color: string): string {
  return `<path d="M${f(cx)} ${f(cy)} q ${f(len * 0.5)} ${f(-len * 0.35)} ${f(len)} 0 q ${f(-len * 0.5)} ${f(len * 0.35)} ${f(-len)} 0 Z" fill="${color}" transform="rotate(${f(rot)} ${f(cx)} ${f(cy)})"/>`;
}

export type Dish = 'salmon' | 'soup' | 'salad' | 'dessert' | 'bread' | 'mushroom' | 'spread';

/** A dish on a plate, top-down, on a table of the site's warm tones. */
export function foodArt(p: Palette, dish: Dish, seed = 1, w = 1200, h = 900, label = 'A dish from the menu'): string {
  const r = random(seed * 19 + dish.length);
  const table = s(p.primary, 'l3');
  const linen = s(p.gray, 'l2');
  const green = s(p.secondary, 'l9');
  const green2 = s(p.secondary, 'l7');
  const cream = '#f6efe3';
  let body = `<rect width="${w}" height="${h}" fill="${table}"/>`;
  // Table boards.
  for (let y = 0; y < h; y += 150) body += `<rect x="0" y="${y}" width="${w}" height="2" fill="${s(p.primary, 'l5')}" opacity=".6"/>`;
  // Linen napkin and cutlery.
  body += `<rect x="${f(w * 0.78)}" y="${f(h * 0.12)}" width="${f(w * 0.16)}" height="${f(h * 0.76)}" rx="6" fill="${linen}" transform="rotate(4 ${f(w * 0.86)} ${f(h * 0.5)})"/>`;
  body += `<rect x="${f(w * 0.84)}" y="${f(h * 0.2)}" width="10" height="${f(h * 0.6)}" rx="5" fill="${s(p.gray, 'l8')}"/><rect x="${f(w * 0.885)}" y="${f(h * 0.2)}" width="10" height="${f(h * 0.6)}" rx="5" fill="${s(p.gray, 'l8')}"/>`;
  const cx = w * 0.45;
  const cy = h * 0.5;
  const rad = h * 0.38;
  if (dish === 'soup') {
    body += PLATE(cx, cy, rad, '#ffffff', s(p.gray, 'l3'));
    body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 0.66)}" fill="#d99a3e"/><circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 0.66)}" fill="${s(p.primary, 'l8')}" opacity=".35"/>`;
    body += `<path d="M${f(cx - rad * 0.32)} ${f(cy + rad * 0.1)} c ${f(rad * 0.1)} ${f(-rad * 0.25)}, ${f(rad * 0.3)} ${f(-rad * 0.25)}, ${f(rad * 0.32)} 0 s ${f(rad * 0.22)} ${f(rad * 0.25)}, ${f(rad * 0.32)} 0" stroke="${cream}" stroke-width="9" fill="none" stroke-linecap="round" opacity=".9"/>`;
    body += `<circle cx="${f(cx + rad * 0.05)}" cy="${f(cy - rad * 0.2)}" r="${f(rad * 0.06)}" fill="#b5652a"/><circle cx="${f(cx + rad * 0.16)}" cy="${f(cy - rad * 0.12)}" r="${f(rad * 0.045)}" fill="#c57a36"/>`;
    for (let i = 0; i < 9; i++)
      body += `<circle cx="${f(cx + (r() - 0.5) * rad * 0.7)}" cy="${f(cy + (r() - 0.5) * rad * 0.7)}" r="${f(3 + r() * 3)}" fill="${green}"/>`;
  } else if (dish === 'salmon') {
    body += PLATE(cx, cy, rad, '#ffffff', '#fbfaf7');
    body += `<rect x="${f(cx - rad * 0.45)}" y="${f(cy - rad * 0.22)}" width="${f(rad * 0.9)}" height="${f(rad * 0.44)}" rx="${f(rad * 0.14)}" fill="#f08a5d" transform="rotate(-14 ${f(cx)} ${f(cy)})"/>`;
    for (let i = 0; i < 5; i++)
      body += `<line x1="${f(cx - rad * 0.3 + i * rad * 0.15)}" y1="${f(cy - rad * 0.2)}" x2="${f(cx - rad * 0.38 + i * rad * 0.15)}" y2="${f(cy + rad * 0.2)}" stroke="#fbd3bf" stroke-width="6" transform="rotate(-14 ${f(cx)} ${f(cy)})"/>`;
    for (let i = 0; i < 6; i++)
      body += `<circle cx="${f(cx + rad * (0.15 + r() * 0.35))}" cy="${f(cy + rad * (0.3 + r() * 0.2))}" r="${f(rad * 0.07)}" fill="#f5e0a8"/>`;
    for (let i = 0; i < 5; i++)
      body += leaf(cx - rad * (0.2 + r() * 0.3), cy + rad * (0.35 + r() * 0.1), rad * 0.22, r() * 360, i % 2 ? green : green2);
  } else if (dish === 'salad') {
    body += PLATE(cx, cy, rad, '#ffffff', s(p.gray, 'l2'));
    for (let i = 0; i < 22; i++)
      body += leaf(
        cx + (r() - 0.5) * rad * 1.0,
        cy + (r() - 0.5) * rad * 1.0,
        rad * (0.25 + r() * 0.15),
        r() * 360,
        [green, green2, s(p.secondary, 'l11')][i % 3]!,
      );
    for (let i = 0; i < 8; i++)
      body += `<circle cx="${f(cx + (r() - 0.5) * rad)}" cy="${f(cy + (r() - 0.5) * rad)}" r="${f(rad * 0.07)}" fill="${['#e2533f', '#f2b84b', '#7a2e4a'][i % 3]}"/>`;
  } else if (dish === 'dessert') {
    body += PLATE(cx, cy, rad, '#ffffff', '#fdfbf7');
    body += `<path d="M${f(cx - rad * 0.4)} ${f(cy + rad * 0.25)} L${f(cx + rad * 0.45)} ${f(cy + rad * 0.05)} L${f(cx - rad * 0.1)} ${f(cy - rad * 0.45)} Z" fill="#f3d9a4"/><path d="M${f(cx - rad * 0.4)} ${f(cy + rad * 0.25)} L${f(cx - rad * 0.1)} ${f(cy - rad * 0.45)} L${f(cx - rad * 0.2)} ${f(cy - rad * 0.47)} L${f(cx - rad * 0.5)} ${f(cy + rad * 0.22)} Z" fill="#b9733f"/>`;
    for (let i = 0; i < 7; i++)
      body += `<circle cx="${f(cx + rad * (0.1 + r() * 0.35))}" cy="${f(cy - rad * (0.1 + r() * 0.35))}" r="${f(rad * 0.06)}" fill="${['#3b3f8f', '#6a2d5b', '#c0304a'][i % 3]}"/>`;
    body += `<ellipse cx="${f(cx + rad * 0.25)}" cy="${f(cy + rad * 0.35)}" rx="${f(rad * 0.16)}" ry="${f(rad * 0.11)}" fill="${cream}"/>`;
    body += leaf(cx + rad * 0.3, cy + rad * 0.3, rad * 0.14, 300, green);
  } else if (dish === 'bread') {
    body += `<rect x="${f(cx - rad)}" y="${f(cy - rad * 0.7)}" width="${f(rad * 2)}" height="${f(rad * 1.4)}" rx="${f(rad * 0.12)}" fill="#b78a5b"/>`;
    for (let i = 0; i < 4; i++) {
      const x = cx - rad * 0.6 + i * rad * 0.42;
      body += `<ellipse cx="${f(x)}" cy="${f(cy)}" rx="${f(rad * 0.2)}" ry="${f(rad * 0.5)}" fill="#6f4a2e"/><ellipse cx="${f(x)}" cy="${f(cy)}" rx="${f(rad * 0.16)}" ry="${f(rad * 0.44)}" fill="#9a6a43"/>`;
    }
    body += `<circle cx="${f(cx + rad * 0.75)}" cy="${f(cy + rad * 0.55)}" r="${f(rad * 0.18)}" fill="#ffffff"/><circle cx="${f(cx + rad * 0.75)}" cy="${f(cy + rad * 0.55)}" r="${f(rad * 0.13)}" fill="#f7e2a1"/>`;
  } else if (dish === 'mushroom') {
    body += PLATE(cx, cy, rad, s(p.gray, 'l12'), s(p.gray, 'l11'));
    for (let i = 0; i < 9; i++) {
      const a = (i / 9) * Math.PI * 2;
      const x = cx + Math.cos(a) * rad * 0.42;
      const y = cy + Math.sin(a) * rad * 0.42;
      body += `<ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rad * 0.16)}" ry="${f(rad * 0.12)}" fill="#c48a4a" transform="rotate(${f((a * 180) / Math.PI)} ${f(x)} ${f(y)})"/><ellipse cx="${f(x)}" cy="${f(y)}" rx="${f(rad * 0.09)}" ry="${f(rad * 0.06)}" fill="#e5c08a" transform="rotate(${f((a * 180) / Math.PI)} ${f(x)} ${f(y)})"/>`;
    }
    body += `<circle cx="${f(cx)}" cy="${f(cy)}" r="${f(rad * 0.2)}" fill="${cream}"/>`;
    for (let i = 0; i < 6; i++) body += leaf(cx + (r() - 0.5) * rad * 0.3, cy + (r() - 0.5) * rad * 0.3, rad * 0.12, r() * 360, green2);
  } else {
    // A table spread, in the evening: a dark table with several plates, a glass and bread.
    body = `<rect width="${w}" height="${h}" fill="${s(p.primary, 'd3')}"/>`;
    for (let y = 0; y < h; y += 110) body += `<rect x="0" y="${y}" width="${w}" height="3" fill="${s(p.primary, 'd2')}"/>`;
    body += `<rect x="${f(w * 0.94)}" y="${f(h * 0.08)}" width="${f(w * 0.14)}" height="${f(h * 0.8)}" rx="6" fill="${s(p.gray, 'l3')}" transform="rotate(5 ${f(w * 1.01)} ${f(h * 0.5)})"/>`;
    body += `<rect x="${f(w * 0.975)}" y="${f(h * 0.16)}" width="10" height="${f(h * 0.62)}" rx="5" fill="${s(p.gray, 'l9')}"/><rect x="${f(w * 1.015)}" y="${f(h * 0.16)}" width="10" height="${f(h * 0.62)}" rx="5" fill="${s(p.gray, 'l9')}"/>`;
    body += PLATE(w * 0.83, h * 0.24, h * 0.17, '#ffffff', s(p.gray, 'l2'));
    body += `<circle cx="${f(w * 0.83)}" cy="${f(h * 0.24)}" r="${f(h * 0.1)}" fill="#d99a3e"/><path d="M${f(w * 0.83 - 40)} ${f(h * 0.24)} c 12 -20 28 -20 40 0 s 28 20 40 0" stroke="${cream}" stroke-width="7" fill="none" stroke-linecap="round"/>`;
    body += `<circle cx="${f(w * 0.5)}" cy="${f(h * 0.8)}" r="${f(h * 0.08)}" fill="#ffffff" opacity=".35"/><circle cx="${f(w * 0.5)}" cy="${f(h * 0.8)}" r="${f(h * 0.06)}" fill="#7a1f2b" opacity=".9"/>`;
    body += PLATE(w * 0.62, h * 0.42, h * 0.26, '#ffffff', s(p.gray, 'l2'));
    body += `<rect x="${f(w * 0.62 - h * 0.13)}" y="${f(h * 0.42 - h * 0.06)}" width="${f(h * 0.26)}" height="${f(h * 0.12)}" rx="${f(h * 0.04)}" fill="#f08a5d" transform="rotate(-14 ${f(w * 0.62)} ${f(h * 0.42)})"/>`;
    for (let i = 0; i < 5; i++) body += leaf(w * 0.58 + r() * 60, h * 0.5 + r() * 30, h * 0.07, r() * 360, i % 2 ? green : green2);
    body += PLATE(w * 0.8, h * 0.72, h * 0.2, '#ffffff', s(p.gray, 'l2'));
    for (let i = 0; i < 14; i++)
      body += leaf(
        w * 0.8 + (r() - 0.5) * h * 0.22,
        h * 0.72 + (r() - 0.5) * h * 0.22,
        h * 0.07,
        r() * 360,
        [green, green2, s(p.secondary, 'l11')][i % 3]!,
      );
    for (let i = 0; i < 5; i++)
      body += `<circle cx="${f(w * 0.8 + (r() - 0.5) * h * 0.2)}" cy="${f(h * 0.72 + (r() - 0.5) * h * 0.2)}" r="${f(h * 0.018)}" fill="${['#e2533f', '#f2b84b'][i % 2]}"/>`;
    body += `<ellipse cx="${f(w * 0.38)}" cy="${f(h * 0.86)}" rx="${f(h * 0.16)}" ry="${f(h * 0.08)}" fill="#9a6a43"/><ellipse cx="${f(w * 0.38)}" cy="${f(h * 0.86)}" rx="${f(h * 0.12)}" ry="${f(h * 0.05)}" fill="#b78a5b"/>`;
  }
  return svg(w, h, label, body);
}

/** A dining room: arched windows, tables and pendant lamps. */
export function interiorArt(p: Palette, w = 1200, h = 1400, label = 'The dining room'): string {
  const wall = s(p.primary, 'l3');
  const floor = s(p.primary, 'l6');
  let body = `<rect width="${w}" height="${h}" fill="${wall}"/><rect y="${f(h * 0.72)}" width="${w}" height="${f(h * 0.28)}" fill="${floor}"/>`;
  for (let i = 0; i < 3; i++) {
    const x = w * (0.12 + i * 0.28);
    const ww = w * 0.2;
    body += `<path d="M${f(x)} ${f(h * 0.62)} V ${f(h * 0.28)} A ${f(ww / 2)} ${f(ww / 2)} 0 0 1 ${f(x + ww)} ${f(h * 0.28)} V ${f(h * 0.62)} Z" fill="${s(p.secondary, 'l4')}"/>`;
    body += `<path d="M${f(x + ww / 2)} ${f(h * 0.2)} V ${f(h * 0.62)} M${f(x)} ${f(h * 0.42)} H ${f(x + ww)}" stroke="${s(p.primary, 'l11')}" stroke-width="6"/>`;
    body += `<path d="M${f(x + ww * 0.2)} ${f(h * 0.62)} c 10 -60 40 -80 60 -140 c 10 60 30 90 40 140 Z" fill="${s(p.secondary, 'l9')}"/>`;
    // Lamp
    const lx = x + ww / 2;
    body += `<line x1="${f(lx)}" y1="0" x2="${f(lx)}" y2="${f(h * 0.1)}" stroke="${s(p.gray, 'l12')}" stroke-width="3"/><path d="M${f(lx - 50)} ${f(h * 0.13)} A 50 50 0 0 1 ${f(lx + 50)} ${f(h * 0.13)} Z" fill="${s(p.primary, 'l9')}"/><circle cx="${f(lx)}" cy="${f(h * 0.14)}" r="12" fill="#fff3c4"/>`;
    // Table and chairs
    body += `<ellipse cx="${f(lx)}" cy="${f(h * 0.74)}" rx="${f(ww * 0.55)}" ry="${f(h * 0.025)}" fill="${s(p.gray, 'l12')}" opacity=".2"/>`;
    body += `<rect x="${f(lx - ww * 0.45)}" y="${f(h * 0.66)}" width="${f(ww * 0.9)}" height="14" rx="7" fill="${s(p.primary, 'l11')}"/><rect x="${f(lx - 6)}" y="${f(h * 0.66)}" width="12" height="${f(h * 0.08)}" fill="${s(p.primary, 'l11')}"/>`;
    body += `<circle cx="${f(lx - ww * 0.2)}" cy="${f(h * 0.648)}" r="14" fill="#ffffff"/><rect x="${f(lx + ww * 0.15)}" y="${f(h * 0.61)}" width="16" height="${f(h * 0.05)}" rx="6" fill="${s(p.secondary, 'l6')}"/>`;
  }
  return svg(w, h, label, body);
}

/** A street map with a pin: the contact section's "how to find us". */
export function mapArt(p: Palette, w = 1200, h = 900, label = 'Map'): string {
  const r = random(11);
  let body = `<rect width="${w}" height="${h}" fill="${s(p.gray, 'l2')}"/>`;
  body += `<path d="M0 ${f(h * 0.75)} C ${f(w * 0.3)} ${f(h * 0.65)}, ${f(w * 0.6)} ${f(h * 0.95)}, ${w} ${f(h * 0.8)} V ${h} H 0 Z" fill="${s(p.secondary, 'l4')}"/>`;
  for (let i = 0; i < 9; i++) {
    const x = (w / 9) * i + r() * 40;
    body += `<line x1="${f(x)}" y1="0" x2="${f(x + 80)}" y2="${h}" stroke="#ffffff" stroke-width="${i % 3 ? 10 : 22}"/>`;
  }
  for (let i = 0; i < 7; i++) {
    const y = (h / 7) * i + r() * 30;
    body += `<line x1="0" y1="${f(y)}" x2="${w}" y2="${f(y - 60)}" stroke="#ffffff" stroke-width="${i % 3 ? 10 : 20}"/>`;
  }
  body += `<rect x="${f(w * 0.15)}" y="${f(h * 0.18)}" width="${f(w * 0.16)}" height="${f(h * 0.14)}" rx="10" fill="${s(p.secondary, 'l6')}" opacity=".7"/>`;
  const px = w * 0.55;
  const py = h * 0.46;
  body += `<circle cx="${f(px)}" cy="${f(py)}" r="70" fill="${s(p.primary, 'l9')}" opacity=".15"/><path d="M${f(px)} ${f(py + 40)} C ${f(px - 10)} ${f(py + 10)}, ${f(px - 36)} ${f(py - 8)}, ${f(px - 36)} ${f(py - 34)} A 36 36 0 0 1 ${f(px + 36)} ${f(py - 34)} C ${f(px + 36)} ${f(py - 8)}, ${f(px + 10)} ${f(py + 10)}, ${f(px)} ${f(py + 40)} Z" fill="${s(p.primary, 'l9')}"/><circle cx="${f(px)}" cy="${f(py - 34)}" r="13" fill="#ffffff"/>`;
  return svg(w, h, label, body);
}

/** A client's wordmark: a symbol and a name, in one gray. */
export function logoArt(p: Palette, name: string, seed: number, label = `${name} logo`): string {
  const w = 320;
  const h = 96;
  const c = s(p.gray, 'l10');
  const symbols = [
    `<circle cx="34" cy="48" r="20" fill="${c}"/><circle cx="34" cy="48" r="9" fill="#ffffff"/>`,
    `<path d="M14 66 L34 26 L54 66 Z" fill="${c}"/>`,
    `<rect x="14" y="28" width="40" height="40" rx="10" fill="${c}"/><rect x="26" y="40" width="16" height="16" rx="4" fill="#ffffff"/>`,
    `<path d="M14 48 a20 20 0 0 1 40 0 a20 20 0 0 1 -40 0 M34 28 v40" stroke="${c}" stroke-width="7" fill="none"/>`,
    `<path d="M14 30 h40 l-20 36 z" fill="none" stroke="${c}" stroke-width="7" stroke-linejoin="round"/>`,
    `<g fill="${c}"><circle cx="24" cy="38" r="9"/><circle cx="44" cy="38" r="9"/><circle cx="34" cy="58" r="9"/></g>`,
  ];
  const body = `${symbols[seed % symbols.length]}<text x="68" y="61" font-family="'Helvetica Neue', Arial, sans-serif" font-size="36" font-weight="700" letter-spacing="-1" fill="${c}">${esc(name)}</text>`;
  return svg(w, h, label, body);
}
