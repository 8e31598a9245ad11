import { describe, expect, it } from 'vitest';
import { csvCell, csvFileName, toCsv } from '@/features/analytics/utils/csv';

describe('CSV of the reports', () => {
  it('quotes a field holding a comma, a quote, a line break or edge spaces, doubling its quotes', () => {
    expect(csvCell('Support bot')).toBe('Support bot');
    expect(csvCell('Alpha, Beta')).toBe('"Alpha, Beta"');
    expect(csvCell('say "hi"')).toBe('"say ""hi"""');
    expect(csvCell('two\nlines')).toBe('"two\nlines"');
    expect(csvCell('cr\r')).toBe('"cr\r"');
    expect(csvCell(' padded ')).toBe('" padded "');
    expect(csvCell('مساعد المبيعات')).toBe('مساعد المبيعات');
  });

  it('keeps text that a spreadsheet would run as a formula as text', () => {
    expect(csvCell('=HYPERLINK("http://evil")')).toBe('"\'=HYPERLINK(""http://evil"")"');
    expect(csvCell('+1')).toBe("'+1");
    expect(csvCell('-2')).toBe("'-2");
    expect(csvCell('@SUM(A1)')).toBe("'@SUM(A1)");
    // Numbers are numbers, negative ones too.
    expect(csvCell(-2)).toBe('-2');
  });

  it('writes numbers plainly and leaves missing values empty', () => {
    expect(csvCell(0.042)).toBe('0.042');
    expect(csvCell(1234567)).toBe('1234567');
    expect(csvCell(null)).toBe('');
    expect(csvCell(undefined)).toBe('');
    expect(csvCell(Number.NaN)).toBe('');
    expect(csvCell(true)).toBe('true');
  });

  it('joins fields with commas and rows with CRLF', () => {
    expect(toCsv(['a', 'b'], [[1, 'x,y'], [null, 2]])).toBe('a,b\r\n1,"x,y"\r\n,2\r\n');
  });

  it('names the file after the report and the day', () => {
    expect(csvFileName('agents', new Date(2026, 10, 26, 23, 30))).toBe('analytics-agents-2026-11-26.csv');
  });
});
