import { describe, expect, it } from 'vitest';
import { noteReport, parseReportBook } from './report-store';

const report = (code: string) => ({
  clauses: [{ text: 'make it blue', done: true, code }],
  creditsUsed: 1,
});

describe('the book of edit reports', () => {
  it('notes one report for every result of an edit', () => {
    const book = noteReport({}, ['a', 'b'], report('recoloured'), 1);
    expect(Object.keys(book)).toEqual(['a', 'b']);
    expect(book.b!.clauses[0]!.code).toBe('recoloured');
  });

  it('drops the oldest reports beyond the limit, keeping the newest', () => {
    let book = {};
    for (let i = 0; i < 5; i++) book = noteReport(book, [`id${i}`], report('adjusted'), i, 3);
    expect(Object.keys(book).sort()).toEqual(['id2', 'id3', 'id4']);
  });

  it('reads back what it stored and ignores text that is not a book', () => {
    const book = noteReport({}, ['a'], report('removed'), 7);
    expect(parseReportBook(JSON.stringify(book))).toEqual(book);
    expect(parseReportBook('not json')).toEqual({});
    expect(parseReportBook('[1,2]')).toEqual({});
    expect(parseReportBook(JSON.stringify({ a: { clauses: 'x' } }))).toEqual({});
    expect(parseReportBook(null)).toEqual({});
  });
});
