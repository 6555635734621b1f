import sharp from 'sharp';

/** Real files of every allowed type, made in memory. */
export const fixtures = {
  png: (width = 40, height = 30) =>
    sharp({ create: { width, height, channels: 3, background: '#3366cc' } })
      .png()
      .toBuffer(),
  jpeg: (width = 40, height = 30) =>
    sharp({ create: { width, height, channels: 3, background: '#cc6633' } })
      .jpeg()
      .toBuffer(),
  gif: () =>
    sharp({ create: { width: 20, height: 20, channels: 3, background: '#00ff00' } })
      .gif()
      .toBuffer(),
  webp: () =>
    sharp({ create: { width: 20, height: 20, channels: 3, background: '#0000ff' } })
      .webp()
      .toBuffer(),
  /** An ISO media header with an `isom` brand: what file-type knows mp4 by. */
  mp4: () => Buffer.concat([Buffer.from('000000186674797069736f6d0000020069736f6d69736f32', 'hex'), Buffer.alloc(256)]),
  /** An Ogg page whose first packet is a Theora header. */
  ogg: () => {
    const page = Buffer.alloc(256);
    page.write('OggS', 0);
    Buffer.from('\x80theora', 'latin1').copy(page, 28);
    return page;
  },
  pdf: () => Buffer.from('%PDF-1.4\n1 0 obj\n<< /Type /Catalog >>\nendobj\ntrailer\n<< /Root 1 0 R >>\n%%EOF\n'),
  csv: () => Buffer.from('name,price\nTea,3\nCoffee,4\n'),
  txt: () => Buffer.from('Just some notes.\n'),
  html: () => Buffer.from('<!DOCTYPE html><html><head><title>x</title></head><body><script>alert(document.cookie)</script></body></html>'),
  vcf: () => Buffer.from('BEGIN:VCARD\nVERSION:3.0\nFN:Ada Lovelace\nEND:VCARD\n'),
  svg: () => Buffer.from('<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 10 10"><circle cx="5" cy="5" r="4" fill="red"/></svg>'),
};

export interface Part {
  field: string;
  filename: string;
  data: Buffer;
  type?: string;
}

/**
 * A multipart/form-data body written by hand, so a test controls every byte of the file name (a
 * browser's FormData would not send `../` the same way everywhere).
 */
export function multipart(parts: Part[], fields: Record<string, string> = {}): { body: Uint8Array<ArrayBuffer>; contentType: string } {
  const boundary = `----pw${Math.random().toString(16).slice(2)}`;
  const chunks: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    chunks.push(Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
  }
  for (const part of parts) {
    const filename = part.filename.replace(/"/g, '%22');
    chunks.push(
      Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="${part.field}"; filename="${filename}"\r\nContent-Type: ${part.type ?? 'application/octet-stream'}\r\n\r\n`,
        'utf8',
      ),
    );
    chunks.push(part.data, Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { body: new Uint8Array(Buffer.concat(chunks)), contentType: `multipart/form-data; boundary=${boundary}` };
}
