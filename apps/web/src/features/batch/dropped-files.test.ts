import { describe, expect, it } from 'vitest';
import { sortDropped } from './dropped-files';

const file = (name: string, type = '') => ({ name, type });

describe('sortDropped', () => {
  it('takes the images of a folder, leaves out junk silently and other files by name', () => {
    const sorted = sortDropped([
      file('cars/a.jpg', 'image/jpeg'),
      file('cars/b.HEIC'),
      file('cars/.DS_Store'),
      file('cars/Thumbs.db'),
      file('cars/prices.xlsx', 'application/vnd.ms-excel'),
    ]);
    expect(sorted).toMatchObject({ kind: 'images', leftOut: ['cars/prices.xlsx'] });
    expect(sorted.images?.map((f) => f.name)).toEqual(['cars/a.jpg', 'cars/b.HEIC']);
  });

  it('takes one zip as it is, for the server to open', () => {
    expect(sortDropped([file('stock.zip', 'application/zip')])).toMatchObject({ kind: 'zip' });
    expect(sortDropped([file('stock.ZIP')])).toMatchObject({ kind: 'zip' });
  });

  it('refuses what cannot be one batch', () => {
    expect(sortDropped([])).toMatchObject({ reason: 'nothing' });
    expect(sortDropped([file('notes.txt', 'text/plain')])).toMatchObject({ reason: 'nothing' });
    expect(sortDropped([file('a.zip'), file('b.zip')])).toMatchObject({ reason: 'severalZips' });
    expect(sortDropped([file('a.zip'), file('a.jpg', 'image/jpeg')])).toMatchObject({
      reason: 'mixed',
    });
    const many = Array.from({ length: 101 }, (_, i) => file(`${i}.jpg`, 'image/jpeg'));
    expect(sortDropped(many)).toMatchObject({ reason: 'tooMany', count: 101 });
  });
});
