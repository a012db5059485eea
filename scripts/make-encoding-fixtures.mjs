// Writes test/fixtures/encodings/: small files in the encodings, line endings and binary formats real vaults
// hold. Run with `node scripts/make-encoding-fixtures.mjs`; the files are committed, so tests never run this.
import { writeFileSync } from 'node:fs';
import { deflateSync } from 'node:zlib';

const dir = new URL('../test/fixtures/encodings/', import.meta.url);
const put = (name, bytes) => writeFileSync(new URL(name, dir), bytes);
const utf8 = (text) => Buffer.from(text, 'utf8');
const BOM = Buffer.from([0xef, 0xbb, 0xbf]);

put('crlf.md', utf8('# Meeting\r\n\r\n- agenda\r\n- notes\r\n'));
put('mixed-endings.md', utf8('# Mixed\r\nfrom Windows\r\nfrom a Mac\nlast line\n'));
put('utf8-bom.md', Buffer.concat([BOM, utf8('# Café\n\nBody text.\n')]));
put('latin1.md', Buffer.from('# Café\n\nLa mère et le père.\n', 'latin1'));
put(
  'utf16le-bom.md',
  Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from('# Notes\r\n\r\nNotepad wrote this.\r\n', 'utf16le')]),
);
put('frontmatter-bom.md', Buffer.concat([BOM, utf8('---\ntags: [travel]\n---\n# Trip\n')]));
put('frontmatter-trailing-space.md', utf8('--- \ntitle: Old title\n---\nBody.\n'));

// A 1×1 red PNG: signature, IHDR, IDAT (zlib of one filter byte and one RGB pixel), IEND, each with its CRC.
const crcTable = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
const crc = (bytes) => {
  let c = 0xffffffff;
  for (const byte of bytes) c = crcTable[(c ^ byte) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
};
const chunk = (type, data) => {
  const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
  const length = Buffer.alloc(4);
  length.writeUInt32BE(data.length);
  const sum = Buffer.alloc(4);
  sum.writeUInt32BE(crc(body));
  return Buffer.concat([length, body, sum]);
};
const ihdr = Buffer.from([0, 0, 0, 1, 0, 0, 0, 1, 8, 2, 0, 0, 0]);
put(
  'pixel.png',
  Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', deflateSync(Buffer.from([0, 255, 0, 0]))),
    chunk('IEND', Buffer.alloc(0)),
  ]),
);

// A one-page PDF with its cross-reference table; the second line's high bytes mark it binary, as PDF writers do.
const objects = [
  '<< /Type /Catalog /Pages 2 0 R >>',
  '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
  '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 72 72] >>',
];
let pdf = '%PDF-1.4\n%\xe2\xe3\xcf\xd3\n';
const offsets = [];
objects.forEach((object, index) => {
  offsets.push(Buffer.byteLength(pdf, 'latin1'));
  pdf += `${index + 1} 0 obj\n${object}\nendobj\n`;
});
const xref = Buffer.byteLength(pdf, 'latin1');
pdf += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
for (const offset of offsets) pdf += `${String(offset).padStart(10, '0')} 00000 n \n`;
pdf += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
put('tiny.pdf', Buffer.from(pdf, 'latin1'));
