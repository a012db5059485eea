'use strict';
// Stands in for the `typed-array-buffer` package in main.js (esbuild.config.mjs aliases it here). to-buffer, which
// sha.js (isomorphic-git's SHA-1) uses, calls it only where ArrayBuffer.isView is missing, which no Electron is;
// the package itself brings ~20 KB of ECMAScript-intrinsics polyfills (get-intrinsic, call-bind, which-typed-array).
// Same contract, as CommonJS like the package: a typed array's ArrayBuffer, a TypeError for anything else.
module.exports = function typedArrayBuffer(value) {
  if (!ArrayBuffer.isView(value) || value instanceof DataView) throw new TypeError('Not a Typed Array');
  return value.buffer;
};
