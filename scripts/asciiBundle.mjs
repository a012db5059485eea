import { readFileSync, writeFileSync } from 'node:fs';
import { tokenizer } from 'acorn';

/**
 * Why main.js is kept to ASCII: V8 holds a script's source for as long as its functions live, as one byte a
 * character when every character fits in Latin-1 and two bytes otherwise. One `⟦` in a regular expression doubled
 * the plugin's resident source (1.37 MB more) and slowed its parse. esbuild's `charset: 'ascii'` escapes strings,
 * templates and names, but leaves regular expression literals as written; this escapes what it left.
 */

const escape = (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`;

/**
 * `text` (a regular expression literal or a comment) with every character above U+007F written as `\uXXXX`, one
 * UTF-16 unit at a time (a pair stays a pair; in a `u` pattern `\uD83D\uDE00` is still the one code point). An
 * identity escape of such a character (`\é`, the character itself) loses its backslash rather than gaining one.
 */
export function escapeNonAsciiUnits(text) {
  let out = '';
  let backslashes = 0;
  for (const char of text.split('')) {
    if (char.charCodeAt(0) > 0x7f) {
      out = backslashes % 2 === 1 ? out.slice(0, -1) + escape(char) : out + escape(char);
      backslashes = 0;
      continue;
    }
    backslashes = char === '\\' ? backslashes + 1 : 0;
    out += char;
  }
  return out;
}

/**
 * `code` (a script esbuild wrote with `charset: 'ascii'`) with the non-ASCII characters of its regular expression
 * literals and comments escaped. Acorn's tokenizer tells a regular expression from a division. Anything else that is
 * not ASCII (a raw template, whose text a program can read) is left as it is and named in the error.
 */
export function asciiScript(code) {
  const spans = [];
  const onComment = (_block, text, start, end) => {
    if (/[^\x00-\x7f]/.test(text)) spans.push([start, end]);
  };
  for (const token of tokenizer(code, { ecmaVersion: 'latest', sourceType: 'script', allowHashBang: true, onComment }))
    if (token.type.label === 'regexp' && /[^\x00-\x7f]/.test(code.slice(token.start, token.end)))
      spans.push([token.start, token.end]);
  spans.sort((a, b) => a[0] - b[0]);
  let out = '';
  let at = 0;
  for (const [start, end] of spans) {
    out += code.slice(at, start) + escapeNonAsciiUnits(code.slice(start, end));
    at = end;
  }
  out += code.slice(at);
  const left = /[^\x00-\x7f]/.exec(out);
  if (left)
    throw new Error(
      `main.js keeps a non-ASCII character (U+${left[0].charCodeAt(0).toString(16).padStart(4, '0')}) outside a regular expression or comment, near "${out.slice(Math.max(0, left.index - 40), left.index + 10)}": write it as an escape in the source`,
    );
  return out;
}

/** An esbuild plugin that rewrites the written outfile with asciiScript once a build ends without errors. */
export const asciiOutput = {
  name: 'ascii-output',
  setup(build) {
    build.onEnd((result) => {
      const outfile = build.initialOptions.outfile;
      if (result.errors.length > 0 || !outfile || build.initialOptions.write === false) return;
      const code = readFileSync(outfile, 'utf8');
      const ascii = asciiScript(code);
      if (ascii !== code) writeFileSync(outfile, ascii);
    });
  },
};
