import { describe, expect, it } from 'vitest';
import { filesOfDrop, sortDropped } from './dropped-files';

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

/** A folder as browsers hand it over in a drop: entries read a few at a time. */
function folder(name: string, children: object[]) {
  return {
    name,
    isFile: false,
    isDirectory: true,
    createReader() {
      let given = false;
      return {
        readEntries(done: (batch: object[]) => void) {
          // Two rounds: the first half, then the rest, then nothing.
          if (!given) {
            given = true;
            return done(children.slice(0, 1));
          }
          const rest = children.slice(1);
          children = [];
          done(rest);
        },
      };
    },
  };
}

const fileEntry = (name: string, type: string) => ({
  name,
  isFile: true,
  isDirectory: false,
  file: (done: (file: File) => void) => done(new File(['x'], name, { type })),
});

describe('filesOfDrop', () => {
  it('walks into dropped folders and keeps each file’s path', async () => {
    const dropped = folder('cars', [
      fileEntry('a.jpg', 'image/jpeg'),
      folder('more', [fileEntry('b.png', 'image/png')]),
      fileEntry('notes.txt', 'text/plain'),
    ]);
    const data = {
      items: [{ kind: 'file', webkitGetAsEntry: () => dropped }],
      files: [],
    } as unknown as DataTransfer;
    const files = await filesOfDrop(data);
    expect(files.map((f) => f.name).sort()).toEqual([
      'cars/a.jpg',
      'cars/more/b.png',
      'cars/notes.txt',
    ]);
    expect(files.find((f) => f.name.endsWith('b.png'))?.type).toBe('image/png');
  });
});
