import type { MatchMode } from '../../search/TextMatcher';

/** vault.searchText's input and output: the tool and its cutting into parts (`searchTextParts`) both speak them. */
export interface SearchTextInput {
  query: string;
  mode: MatchMode;
  paths?: string[];
  caseSensitive: boolean;
  wholeWord?: boolean;
  limit: number;
  snippetLength: number;
  /** Matches to skip (in path order): the nextOffset of the part before. */
  offset?: number;
}

export interface SearchMatch {
  path: string;
  line: number;
  snippet: string;
}

export interface SearchTextOutput {
  matches: SearchMatch[];
  truncated: boolean;
  /** Where the next matches start, present when there are more. */
  nextOffset?: number;
  /** Files read; the search stops early once it has more matches than `limit`. */
  filesSearched: number;
}
