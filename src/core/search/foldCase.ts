/**
 * One UTF-16 code unit per class of code units that a case-insensitive JavaScript regex ("i", with or without
 * "u") may treat as equal, so an index over folded text answers for every case at once. Folding is coarser than
 * the regex where that is simpler (a few letters whose upper case is two letters stay themselves; every
 * surrogate is one class, so astral letters, which fold among themselves, always agree): an index may only
 * claim too much, never too little. test/core/search/foldCase.test.ts checks the table against the regex engine.
 */
let table: Uint16Array | null = null;

/** The surrogates' one class: a pair's halves change together when an astral letter changes case. */
const SURROGATE = 0xd800;

const UNICODE_14_FOLDS: readonly [number, number][] = [
  [0x1fd3, 0x0390],
  [0x1fe3, 0x03b0],
  [0xfb05, 0xfb06],
];

export function foldTable(): Uint16Array {
  if (table) return table;
  const built = new Uint16Array(0x10000);
  for (let unit = 0; unit < 0x10000; unit++)
    built[unit] = unit >= 0xd800 && unit <= 0xdfff ? SURROGATE : foldUnit(unit);
  // Unicode 14 made these pairs fold together although neither is the other's upper or lower case.
  for (const [from, to] of UNICODE_14_FOLDS) built[from] = to;
  table = built;
  return built;
}

/** Lower case of the upper case: "ς" and "Σ" meet at "σ", "ſ" and "S" at "s", Kelvin "K" at "k". */
function foldUnit(unit: number): number {
  const char = String.fromCharCode(unit);
  const upper = char.toUpperCase();
  const folded = upper.length === 1 ? upper.toLowerCase() : char.toLowerCase();
  return folded.length === 1 ? folded.charCodeAt(0) : unit;
}
