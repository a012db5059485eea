import { describe, expect, it } from 'vitest';
import { isAgentError } from '../../../src/core/errors';
import { TextMatcher, type MatchSpan } from '../../../src/core/search/TextMatcher';
import { toUnicodeRegex } from '../../../src/core/search/unicodeRegex';

const regex = (query: string, caseSensitive = false): TextMatcher => new TextMatcher({ query, mode: 'regex', caseSensitive });
const texts = (text: string, spans: MatchSpan[]): string[] => spans.map((span) => text.slice(span.start, span.end));
const found = (query: string, text: string): string[] => texts(text, regex(query).find(text, 100));

describe('regular expressions read as ripgrep reads them', () => {
  describe('scripts named without "Script="', () => {
    it('should match the scripts the issue names, where a silent zero came before', () => {
      expect(found('\\p{Han}{4}', '漢字を書く 中文字符 三个')).toEqual(['中文字符']);
      expect(found('\\p{Greek}+', 'Der Begriff λόγος und αλφα')).toEqual(['λόγος', 'αλφα']);
      expect(found('\\p{Hiragana}{8,}', 'ひらがなだけのぶんしょう と カタカナ')).toEqual(['ひらがなだけのぶんしょう']);
    });

    it('should accept names loosely, as ripgrep does, and the negated form', () => {
      expect(found('\\p{greek}+', 'abc λόγος')).toEqual(['λόγος']);
      expect(found('\\p{Script=Cyrillic}+', 'hi привет')).toEqual(['привет']);
      expect(found('\\P{Latin}+', 'abcжжd')).toEqual(['жж']);
      expect(found('\\pL+', '12ab3')).toEqual(['ab']);
    });

    it('should keep general categories and binary properties as written', () => {
      expect(toUnicodeRegex('\\p{Lu}\\p{Letter}\\p{Alphabetic}')).toBe('\\p{Lu}\\p{Letter}\\p{Alphabetic}');
    });

    it('should refuse a property JavaScript does not know, naming the spelling to use, never match nothing', () => {
      let error: unknown;
      try {
        regex('\\p{Klingon}+');
      } catch (caught) {
        error = caught;
      }
      expect(isAgentError(error, 'INVALID_REGEX')).toBe(true);
      expect(String((error as Error).message)).toContain('\\p{Script=Greek}');
      expect(String((error as Error).message)).toContain('\\p{Klingon}');
    });
  });

  describe('words in every alphabet', () => {
    it('should not take a word boundary inside "notação" (JavaScript\'s \\b is ASCII only)', () => {
      expect(found('\\bnota\\b', 'uma notação e uma nota')).toEqual(['nota']);
      expect(found('\\bnota\\b', 'notação')).toEqual([]);
      expect(found('\\w+', 'ação')).toEqual(['ação']);
      expect(found('nota\\B', 'notação')).toEqual(['nota']);
    });

    it('should keep \\w inside a class Unicode-aware, and \\b inside a class a backspace', () => {
      expect(found('[\\w-]+', 'été-ü x')).toEqual(['été-ü', 'x']);
      expect(found('[\\b]', 'a\bb')).toEqual(['\b']);
    });

    it('should offer whole-word matching for plain queries, in any script', () => {
      const whole = (query: string, text: string): string[] => texts(text, new TextMatcher({ query, mode: 'plain', caseSensitive: false, wholeWord: true }).find(text, 100));
      expect(whole('nota', 'notação, nota. Nota!')).toEqual(['nota', 'Nota']);
      expect(whole('кот', 'котёнок кот')).toEqual(['кот']);
      expect(whole('a.b', 'a.b axb')).toEqual(['a.b']);
    });

    it('should offer whole-word matching for regexes', () => {
      const text = 'notação notas nota';
      expect(texts(text, new TextMatcher({ query: 'nota\\w?', mode: 'regex', caseSensitive: false, wholeWord: true }).find(text, 100))).toEqual(['notas', 'nota']);
    });
  });

  describe('escapes models write that "u" forbids', () => {
    it('should read "\\-" and "\\:" as the characters, and keep Unicode matching on', () => {
      expect(found('\\d+\\-\\d+', 'from 10-20')).toEqual(['10-20']);
      expect(found('[\\w\\-]+\\:', 'tag-é: x')).toEqual(['tag-é:']);
    });
  });
});
