/**
 * Invisible and bidi-control characters in a file name only serve to make one name look like another.
 * HFS+ also ignores U+206A-U+206F in names, so ".obs\u206Aidian" is ".obsidian" there.
 */
export const INVISIBLE_IN_NAME = /[\u00AD\u061C\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\uFEFF]/;
