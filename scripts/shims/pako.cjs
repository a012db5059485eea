'use strict';
// Stands in for `pako` in main.js (esbuild.config.mjs aliases it here): the same zlib format through Node's own zlib
// (desktop-only plugin), instead of ~46 KB of zlib ported to JavaScript. isomorphic-git, as the checkpoints use it,
// reaches two calls: `inflate` on every object it reads (its DecompressionStream path is switched off in the source)
// and `deflate` on every object it writes where CompressionStream is missing.
// eslint-disable-next-line @typescript-eslint/no-require-imports -- CommonJS, like the package it stands in for.
const zlib = require('node:zlib');

/** Node's Buffer as the plain Uint8Array pako returns, owning its ArrayBuffer: a small Buffer is a view into a shared pool. */
function bytes(buffer) {
  const whole = buffer.byteOffset === 0 && buffer.byteLength === buffer.buffer.byteLength;
  return whole ? new Uint8Array(buffer.buffer) : new Uint8Array(buffer);
}

function deflate(input) {
  return bytes(zlib.deflateSync(input));
}

// pako throws zlib's message as a string, and isomorphic-git turns a thrown string into its DecompressionError, so
// this throws the string too. A truncated stream throws "unexpected end of file" where pako returns what it had.
function inflate(input) {
  try {
    return bytes(zlib.inflateSync(input));
  } catch (error) {
    throw error instanceof Error ? error.message : String(error);
  }
}

// Only packfile indexing (fetch, clone, indexPack) streams through pako.Inflate; the checkpoints call none of them.
class Inflate {
  constructor() {
    throw new Error('pako.Inflate is not in main.js: isomorphic-git uses it only to index packfiles (fetch, clone, indexPack)');
  }
}

module.exports = { deflate, inflate, Inflate };
