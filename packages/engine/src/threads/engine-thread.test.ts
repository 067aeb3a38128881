import { describe, expect, it } from 'vitest';
import { fixture } from '../../test/measure.ts';
import { designRoomInThread } from '../rooms/room-thread.ts';
import { withBuffers } from './bytes.ts';
import { createLocalProvider } from '../local-provider.ts';
import { detectObjectsOnThread, moderateOnThread } from './provider-on-thread.ts';

describe('the engine threads', () => {
  it('answers quick checks and an edit while a room is being designed on its own thread', async () => {
    const room = await fixture('living-room.jpg', 800);
    const order: string[] = [];
    const design = designRoomInThread(room, { maxLongSide: 480 }).then(() => order.push('room'));
    // Let the room start first: the quick checks must not queue behind it.
    await new Promise((resolve) => setTimeout(resolve, 200));
    const scores = await moderateOnThread(await fixture('coffee.png', 320));
    order.push('moderation');
    const found = await detectObjectsOnThread(room, { labels: ['couch'] });
    order.push('detection');
    const edited = await createLocalProvider().edit!({
      image: await fixture('coffee.png', 320),
      prompt: 'make it brighter',
      numImages: 1,
    });
    order.push('edit');
    await design;
    expect(order).toEqual(['moderation', 'detection', 'edit', 'room']);
    expect(edited.images).toHaveLength(1);
    expect(scores.unsafe).toBeLessThan(0.5);
    expect(found.map((o) => o.label)).toContain('couch');
  }, 180_000);

  it("answers an edit while a batch's image runs on the batch thread", async () => {
    const provider = createLocalProvider();
    const order: string[] = [];
    // A White BG runs ISNet on its own (cold) thread: seconds, against a fraction of one.
    const batchImage = provider.preset!({
      image: await fixture('living-room.jpg', 1200),
      preset: 'white-bg',
      numImages: 1,
      background: true,
    }).then(() => order.push('batch'));
    await new Promise((resolve) => setTimeout(resolve, 200));
    await provider.edit!({
      image: await fixture('coffee.png', 320),
      prompt: 'make it brighter',
      numImages: 1,
    });
    order.push('edit');
    await batchImage;
    // On one thread the edit waits for the White BG and comes second.
    expect(order).toEqual(['edit', 'batch']);
  }, 180_000);

  it('gives bytes back as Buffers at any depth, and leaves other values alone', () => {
    const value = withBuffers({
      images: [new Uint8Array([1, 2])],
      nested: { data: new Uint8Array([3]) },
      when: new Date(0),
      n: 1,
    });
    expect(Buffer.isBuffer(value.images[0])).toBe(true);
    expect(Buffer.isBuffer(value.nested.data)).toBe(true);
    expect(value.when).toBeInstanceOf(Date);
    expect(value.n).toBe(1);
  });
});
