import { describe, expect, it } from 'vitest';
import { mergeRecords, recordFromUpload } from './records.ts';

const saved = { id: 'u1', imageUrl: '/uploads/u1.jpg', width: 30, height: 40, aspectRatio: '3:4' };

describe('recordFromUpload', () => {
  it('marks an upload the way the server does', () => {
    const record = recordFromUpload(saved, { sessionId: 's' });
    expect(record).toMatchObject({
      id: 'u1',
      imageUrl: '/uploads/u1.jpg',
      image_url: '/uploads/u1.jpg',
      prompt: '[UPLOADED IMAGE]',
      imageType: 'upload',
      parentId: null,
      sessionId: 's',
      model: 'upload',
    });
  });
  it('links a crop to the image it was cut from', () => {
    const parent = recordFromUpload({ ...saved, id: 'p', imageUrl: '/uploads/p.jpg' });
    const crop = recordFromUpload(saved, {
      parent: { ...parent, prompt: 'sunset' },
      model: 'manual-crop',
    });
    expect(crop).toMatchObject({
      parentId: 'p',
      parentImageUrl: '/uploads/p.jpg',
      originalImageUrl: '/uploads/p.jpg',
      prompt: 'sunset',
      model: 'manual-crop',
    });
  });
});

describe('mergeRecords', () => {
  it('puts new records first and replaces known ones', () => {
    const a = recordFromUpload({ ...saved, id: 'a' });
    const b = recordFromUpload({ ...saved, id: 'b' });
    const a2 = { ...a, prompt: 'newer' };
    expect(mergeRecords([a, b], [a2]).map((r) => [r.id, r.prompt])).toEqual([
      ['a', 'newer'],
      ['b', '[UPLOADED IMAGE]'],
    ]);
    expect(mergeRecords(undefined, [b])).toEqual([b]);
  });
});
