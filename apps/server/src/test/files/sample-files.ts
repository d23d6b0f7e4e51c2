import { crc32, deflateSync } from 'node:zlib';
import { PDFDocument, StandardFonts } from 'pdf-lib';

/** A real PDF with the given lines of text on each page, generated with pdf-lib. */
export async function pdfWithText(pages: string[][]) {
  const doc = await PDFDocument.create();
  const font = await doc.embedFont(StandardFonts.Helvetica);
  for (const lines of pages) {
    const page = doc.addPage([595, 842]);
    lines.forEach((line, i) => {
      page.drawText(line, { x: 50, y: 790 - i * 18, size: 11, font });
    });
  }
  return Buffer.from(await doc.save());
}

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];

/** The first bytes of a PNG declaring the given size (enough for a header check, not an image). */
export function pngHeader(width: number, height: number) {
  const ihdr = Buffer.alloc(25);
  ihdr.writeUInt32BE(13, 0);
  ihdr.write('IHDR', 4, 'latin1');
  ihdr.writeUInt32BE(width, 8);
  ihdr.writeUInt32BE(height, 12);
  ihdr.writeUInt8(8, 16);
  ihdr.writeUInt8(0, 17);
  return Buffer.concat([Buffer.from(PNG_SIGNATURE), ihdr]);
}

function pngChunk(type: string, data: Buffer) {
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([length, body, crc]);
}

/**
 * A whole grey PNG, width x height, 8-bit, built chunk by chunk; `rows` overrides the image data
 * before compression (to promise one size and deliver another).
 */
export function pngImage(width: number, height: number, rows?: Buffer) {
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header.writeUInt8(8, 8);
  const data = rows ?? Buffer.alloc(height * (1 + width), 0x80);
  return Buffer.concat([
    Buffer.from(PNG_SIGNATURE),
    pngChunk('IHDR', header),
    pngChunk('IDAT', deflateSync(data)),
    pngChunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with text fields first, then one file. */
export function multipartBody(
  file: { name: string; bytes: Buffer; type?: string },
  fields: Record<string, string> = {},
) {
  const boundary = `----telecare${Math.random().toString(16).slice(2)}`;
  const parts: Buffer[] = [];
  for (const [name, value] of Object.entries(fields)) {
    parts.push(
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
    );
  }
  parts.push(
    Buffer.from(
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${file.name}"\r\nContent-Type: ${file.type ?? 'application/octet-stream'}\r\n\r\n`,
    ),
    file.bytes,
    Buffer.from(`\r\n--${boundary}--\r\n`),
  );
  return {
    payload: Buffer.concat(parts),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/**
 * A one-page PDF whose streams are written as given: each `dictionary` entries and `data` bytes
 * (say, deflated), the first stream being the page's content. For files a PDF library would not write.
 */
export function pdfWithStreams(streams: { dictionary: string; data: Buffer }[]) {
  const objects = [
    Buffer.from('<< /Type /Catalog /Pages 2 0 R >>'),
    Buffer.from('<< /Type /Pages /Kids [3 0 R] /Count 1 >>'),
    Buffer.from(
      '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 595 842] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    ),
    streams[0],
    Buffer.from('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>'),
    ...streams.slice(1),
  ].map((object) =>
    Buffer.isBuffer(object)
      ? object
      : Buffer.concat([
          Buffer.from(`<< /Length ${object?.data.length} ${object?.dictionary} >>\nstream\n`),
          object?.data ?? Buffer.alloc(0),
          Buffer.from('\nendstream'),
        ]),
  );
  const parts = [Buffer.from('%PDF-1.4\n')];
  const offsets: number[] = [];
  let position = parts[0]?.length ?? 0;
  objects.forEach((object, index) => {
    const part = Buffer.concat([Buffer.from(`${index + 1} 0 obj\n`), object, Buffer.from('\nendobj\n')]);
    offsets.push(position);
    parts.push(part);
    position += part.length;
  });
  const table = offsets.map((offset) => `${String(offset).padStart(10, '0')} 00000 n \n`).join('');
  parts.push(
    Buffer.from(
      `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n${table}` +
        `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${position}\n%%EOF\n`,
    ),
  );
  return Buffer.concat(parts);
}
