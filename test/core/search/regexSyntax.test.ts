import { describe, expect, it } from 'vitest';
import { isAgentError } from '../../../src/core/errors';
import { TextMatcher, type MatchSpan } from '../../../src/core/search/TextMatcher';

const regex = (query: string, caseSensitive = false): Promise<TextMatcher> =>
  TextMatcher.create({ query, mode: 'regex', caseSensitive });
const texts = (text: string, spans: MatchSpan[]): string[] => spans.map((span) => text.slice(span.start, span.end));
const found = async (query: string, text: string): Promise<string[]> =>
  texts(text, (await regex(query)).find(text, 100));

describe('regular expressions read as ripgrep reads them', () => {
  describe('scripts named without "Script="', () => {
    it('should match the scripts the issue names, where a silent zero came before', async () => {
      expect(await found('\\p{Han}{4}', '漢字を書く 中文字符 三个')).toEqual(['中文字符']);
      expect(await found('\\p{Greek}+', 'Der Begriff λόγος und αλφα')).toEqual(['λόγος', 'αλφα']);
      expect(await found('\\p{Hiragana}{8,}', 'ひらがなだけのぶんしょう と カタカナ')).toEqual([
        'ひらがなだけのぶんしょう',
      ]);
    });

    it('should accept names loosely, as ripgrep does, and the negated form', async () => {
      expect(await found('\\p{greek}+', 'abc λόγος')).toEqual(['λόγος']);
      expect(await found('\\p{Script=Cyrillic}+', 'hi привет')).toEqual(['привет']);
      expect(await found('\\P{Latin}+', 'abcжжd')).toEqual(['жж']);
      expect(await found('\\pL+', '12ab3')).toEqual(['ab']);
    });

    it('should read general categories by their long names too, and binary properties', async () => {
      expect(await found('\\p{Lu}\\p{Letter}+', '12 Grüße')).toEqual(['Grüße']);
      expect(await found('\\p{Uppercase_Letter}\\p{Alphabetic}', 'x Ab')).toEqual(['Ab']);
      expect(await found('\\p{gc=Nd}+', 'a 42')).toEqual(['42']);
    });

    it('should refuse a property JavaScript does not know, naming the spelling to use, never match nothing', async () => {
      let error: unknown;
      try {
        await regex('\\p{Klingon}+');
      } catch (caught) {
        error = caught;
      }
      expect(isAgentError(error, 'INVALID_REGEX')).toBe(true);
      expect(String((error as Error).message)).toContain('\\p{Script=Greek}');
      expect(String((error as Error).message)).toContain('\\p{Klingon}');
    });
  });

  describe('words in every alphabet', () => {
    it('should not take a word boundary inside "notação" (JavaScript\'s \\b is ASCII only)', async () => {
      expect(await found('\\bnota\\b', 'uma notação e uma nota')).toEqual(['nota']);
      expect(await found('\\bnota\\b', 'notação')).toEqual([]);
      expect(await found('\\w+', 'ação')).toEqual(['ação']);
      expect(await found('nota\\B', 'notação')).toEqual(['nota']);
    });

    it('should keep \\w inside a class Unicode-aware, and \\b inside a class a backspace', async () => {
      expect(await found('[\\w-]+', 'été-ü x')).toEqual(['été-ü', 'x']);
      expect(await found('[\\b]', 'a\bb')).toEqual(['\b']);
    });

    it('should offer whole-word matching for plain queries, in any script', () => {
      const whole = (query: string, text: string): string[] =>
        texts(text, new TextMatcher({ query, mode: 'plain', caseSensitive: false, wholeWord: true }).find(text, 100));
      expect(whole('nota', 'notação, nota. Nota!')).toEqual(['nota', 'Nota']);
      expect(whole('кот', 'котёнок кот')).toEqual(['кот']);
      expect(whole('a.b', 'a.b axb')).toEqual(['a.b']);
    });

    it('should offer whole-word matching for regexes', async () => {
      const text = 'notação notas nota';
      expect(
        texts(
          text,
          (await TextMatcher.create({ query: 'nota\\w?', mode: 'regex', caseSensitive: false, wholeWord: true })).find(
            text,
            100,
          ),
        ),
      ).toEqual(['notas', 'nota']);
    });
  });

  describe('escapes models write that "u" forbids', () => {
    it('should read "\\-" and "\\:" as the characters, and keep Unicode matching on', async () => {
      expect(await found('\\d+\\-\\d+', 'from 10-20')).toEqual(['10-20']);
      expect(await found('[\\w\\-]+\\:', 'tag-é: x')).toEqual(['tag-é:']);
    });
  });
});
