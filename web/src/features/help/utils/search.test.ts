import { describe, expect, it } from 'vitest';
import type { HelpSection } from '@/features/help/content/types';
import { filterHelp, fold, matchRanges, queryTerms, segments } from '@/features/help/utils/search';

const marked = (text: string, query: string) => matchRanges(text, queryTerms(query)).map(([s, e]) => text.slice(s, e));

describe('help search', () => {
  it('folds case, accents and width', () => {
    expect(fold('Résumé ÜBER Ａｐｉ').folded).toBe('resume uber api');
    expect(fold('إعدادات').folded).toBe(fold('اعدادات').folded);
    // The kana voicing marks change the word: が is not か.
    expect(fold('が').folded).not.toBe(fold('か').folded);
    // A Korean syllable stays whole.
    expect(fold('한국어').folded).toBe('한국어');
  });

  it('finds each term in any case and with any accents, and marks the original text', () => {
    expect(marked('Déploiement en Production', 'deploiement')).toEqual(['Déploiement']);
    expect(marked('API key and api keys', 'ÁPI')).toEqual(['API', 'api']);
    expect(marked('Über den Server', 'uber server')).toEqual(['Über', 'Server']);
  });

  it('finds Chinese, Japanese and Korean inside words, without spaces', () => {
    expect(marked('连接语言模型以后', '语言模型')).toEqual(['语言模型']);
    expect(marked('言語モデルを接続する', 'モデル')).toEqual(['モデル']);
    expect(marked('언어 모델을 연결하세요', '모델')).toEqual(['모델']);
  });

  it('merges overlapping matches and keeps characters whole', () => {
    expect(matchRanges('banana', queryTerms('ana nan'))).toEqual([[1, 6]]);
    expect(marked('😀 emoji é', 'e')).toEqual(['e', 'é']);
  });

  it('splits code out of a text', () => {
    expect(segments('Call `/v1` with `af_…`.')).toEqual([
      { code: false, text: 'Call ' },
      { code: true, text: '/v1' },
      { code: false, text: ' with ' },
      { code: true, text: 'af_…' },
      { code: false, text: '.' },
    ]);
  });

  it('keeps the articles that hold every term, in titles or bodies, and drops empty sections', () => {
    const help: HelpSection[] = [
      { id: 'a', title: 'A', articles: [{ id: 'a1', title: 'API keys', body: ['Create one.'] }, { id: 'a2', title: 'Other', body: [{ steps: ['Revoke the key'] }] }] },
      { id: 'b', title: 'B', articles: [{ id: 'b1', title: 'Nothing', body: [{ list: ['here'] }] }] },
    ];
    expect(filterHelp(help, queryTerms('KEY')).map((s) => [s.id, s.articles.map((a) => a.id)])).toEqual([['a', ['a1', 'a2']]]);
    expect(filterHelp(help, queryTerms('key create')).flatMap((s) => s.articles.map((a) => a.id))).toEqual(['a1']);
    expect(filterHelp(help, queryTerms('  '))).toBe(help);
  });
});
