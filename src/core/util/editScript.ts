/** A run of the edit script: items kept, removed from the old sequence or added from the new one. */
export interface EditRun {
  kind: 'same' | 'removed' | 'added';
  count: number;
}

/**
 * The shortest edit script (fewest removed plus added items) from `a` to `b`, or undefined when it is longer than
 * `max`. Myers' greedy search over integer arrays, keeping each round's furthest points to walk the path back:
 * about max² steps and max² integers of memory, no object per step. In a changed block removals come before
 * additions. See E. W. Myers, "An O(ND) difference algorithm and its variations" (1986).
 */
export function editScript(a: ArrayLike<number>, b: ArrayLike<number>, max: number): EditRun[] | undefined {
  const n = a.length;
  const m = b.length;
  if (Math.abs(n - m) > max) return undefined;
  // rounds[d][(k + d) / 2]: the largest x reached with d edits on diagonal k = x − y, or −1 where none is.
  const rounds: Int32Array[] = [];
  for (let d = 0; d <= max; d++) {
    const round = new Int32Array(d + 1);
    const previous = rounds[d - 1];
    for (let k = -d; k <= d; k += 2) {
      let x = previous ? start(previous, d, k, n, m) : 0;
      if (x >= 0) {
        let y = x - k;
        while (x < n && y < m && a[x] === b[y]) {
          x++;
          y++;
        }
        if (x >= n && y >= m) {
          round[(k + d) / 2] = x;
          rounds.push(round);
          return walkBack(rounds, n, m);
        }
      }
      round[(k + d) / 2] = x;
    }
    rounds.push(round);
  }
  return undefined;
}

/** Where round d starts on diagonal k: after an addition from k + 1 or a removal from k − 1, whichever is further. */
function start(previous: Int32Array, d: number, k: number, n: number, m: number): number {
  const down = fromAbove(previous, d, k, m);
  const left = k - 1 >= 1 - d ? (previous[(k - 1 + d - 1) / 2] as number) : -1;
  const right = left >= 0 && left + 1 <= n ? left + 1 : -1;
  // On a tie the addition comes last, so a changed block reads as its removals, then its additions.
  return down >= right ? down : right;
}

/** The x an addition from diagonal k + 1 reaches in round d, or −1 where there is none. */
function fromAbove(previous: Int32Array, d: number, k: number, m: number): number {
  const above = k + 1 <= d - 1 ? (previous[(k + 1 + d - 1) / 2] as number) : -1;
  return above >= 0 && above - k <= m ? above : -1;
}

function walkBack(rounds: readonly Int32Array[], n: number, m: number): EditRun[] {
  const runs: EditRun[] = [];
  const push = (kind: EditRun['kind'], count: number): void => {
    if (count === 0) return;
    const last = runs[runs.length - 1];
    if (last?.kind === kind) last.count += count;
    else runs.push({ kind, count });
  };
  let x = n;
  let y = m;
  for (let d = rounds.length - 1; d > 0; d--) {
    const k = x - y;
    const previous = rounds[d - 1] as Int32Array;
    const begin = start(previous, d, k, n, m);
    push('same', x - begin);
    if (begin === fromAbove(previous, d, k, m)) {
      push('added', 1);
      x = begin;
      y = begin - k - 1;
    } else {
      push('removed', 1);
      x = begin - 1;
      y = begin - k;
    }
  }
  push('same', x);
  return runs.reverse();
}
