// Words that say nothing about what kind of task a request is.
const STOP_WORDS = new Set(
  'the a an and or of to in into on for from with by at as is are be it this that these those my me i you your please can could would should will then also all each every per one new note notes file files folder'.split(
    ' ',
  ),
);

/** The meaningful words of a request, lowercase, letters and digits of any script. */
export function requestWords(text: string): string[] {
  const seen = new Set<string>();
  for (const word of text.toLowerCase().split(/[^\p{L}\p{N}]+/u)) {
    if (word.length >= 3 && !STOP_WORDS.has(word)) seen.add(word);
  }
  return [...seen];
}
