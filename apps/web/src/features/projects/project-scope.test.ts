import type { EditedImageRecord } from '@image-lab/contract';
import { describe, expect, it } from 'vitest';
import { scopeToProject } from './project-scope';
import { imagesToSave, mergeIntoProject } from './save-payload';

let clock = 0;
function record(partial: Partial<EditedImageRecord> & { id: string }): EditedImageRecord {
  const createdAt = new Date(Date.UTC(2026, 0, 1, 0, 0, clock++)).toISOString();
  const imageUrl = `/uploads/acc/${partial.id}.jpg`;
  return {
    imageUrl,
    image_url: imageUrl,
    prompt: '[UPLOADED IMAGE]',
    imageType: 'upload',
    originalImageUrl: null,
    parentId: null,
    parentImageUrl: null,
    projectId: null,
    sessionId: null,
    model: 'upload',
    width: 10,
    height: 10,
    aspectRatio: '1:1',
    createdAt,
    created_at: createdAt,
    ...partial,
  };
}

describe('scopeToProject', () => {
  const a = record({ id: 'a', projectId: 'p1' });
  const b = record({ id: 'b', projectId: 'p2' });
  const loose = record({ id: 'c' });

  it('waits for both the images and the active project', () => {
    expect(scopeToProject(undefined, null)).toBeUndefined();
    expect(scopeToProject([a], undefined)).toBeUndefined();
  });

  it('shows every image while the account has no project', () => {
    expect(scopeToProject([a, b, loose], null)).toEqual([a, b, loose]);
  });

  it('shows only the active project’s images', () => {
    expect(scopeToProject([a, b, loose], { id: 'p1', name: 'One' })).toEqual([a]);
  });

  it('counts an upload sent to the project before the server lists it there', () => {
    const sent = new Map([['c', 'p2']]);
    expect(scopeToProject([a, b, loose], { id: 'p2', name: 'Two' }, sent)).toEqual([b, loose]);
  });
});

describe('imagesToSave', () => {
  const upload = record({ id: 'u', sessionId: 's1' });
  const edit = record({
    id: 'e',
    sessionId: 's1',
    imageType: 'generated',
    prompt: 'make it brighter',
    parentId: 'u',
  });
  const other = record({ id: 'o', sessionId: 's0' });

  it('takes the session’s images, oldest first, with the prompts of generated ones', () => {
    expect(imagesToSave([edit, other, upload], 's1', [other])).toEqual({
      imageUrls: [upload.imageUrl, edit.imageUrl],
      prompts: [null, 'make it brighter'],
      originalImageUrl: upload.imageUrl,
    });
  });

  it('falls back to the history on screen when the session made nothing', () => {
    expect(imagesToSave([other], 's9', [other])).toEqual({
      imageUrls: [other.imageUrl],
      prompts: [null],
      originalImageUrl: other.imageUrl,
    });
  });

  it('keeps at most the newest 200', () => {
    const many = Array.from({ length: 205 }, (_, i) => record({ id: `m${i}`, sessionId: 's' }));
    const saved = imagesToSave(many, 's', []);
    expect(saved.imageUrls).toHaveLength(200);
    expect(saved.imageUrls[0]).toBe(many[5]!.imageUrl);
  });

  it('has no original when nothing was uploaded', () => {
    expect(imagesToSave([], 's', []).originalImageUrl).toBeNull();
  });
});

describe('mergeIntoProject', () => {
  const payload = {
    imageUrls: ['/u/1', '/u/2'],
    prompts: [null, 'warmer'],
    originalImageUrl: '/u/1',
  };

  it('adds only the images the project does not have', () => {
    const project = { imageUrls: ['/u/1'], prompts: [''], imageCount: 1, originalImageUrl: null };
    expect(mergeIntoProject(project, payload)).toEqual({
      imageUrls: ['/u/1', '/u/2'],
      prompts: [null, 'warmer'],
      originalImageUrl: '/u/1',
    });
  });

  it('leaves the images alone when there is nothing new', () => {
    const project = {
      imageUrls: ['/u/1', '/u/2'],
      prompts: ['', 'warmer'],
      imageCount: 2,
      originalImageUrl: '/u/0',
    };
    expect(mergeIntoProject(project, payload)).toBeNull();
  });

  it('never replaces the list of a project that shows only part of its images', () => {
    const project = { imageUrls: ['/u/9'], prompts: [''], imageCount: 300, originalImageUrl: null };
    expect(mergeIntoProject(project, payload)).toBeNull();
  });
});
