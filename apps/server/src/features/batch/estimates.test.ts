import { describe, expect, it } from 'vitest';
import { batchEstimate, jobEstimate } from './estimates.ts';

describe('jobEstimate', () => {
  it('is the rest of its own run once running', () => {
    expect(
      jobEstimate({ status: 'running', progress: 75, ahead: 9, capacity: 2, seconds: 20 }),
    ).toBe(5);
    // Never zero while it runs: "about a second" rather than "done".
    expect(
      jobEstimate({ status: 'running', progress: 100, ahead: 0, capacity: 2, seconds: 20 }),
    ).toBe(1);
  });

  it('waits its turn behind the jobs ahead, shared by the workers', () => {
    // 4 ahead on 2 workers: two rounds, then its own.
    expect(jobEstimate({ status: 'queued', progress: 0, ahead: 4, capacity: 2, seconds: 10 })).toBe(
      30,
    );
    expect(jobEstimate({ status: 'queued', progress: 0, ahead: 0, capacity: 0, seconds: 10 })).toBe(
      10,
    );
  });
});

describe('batchEstimate', () => {
  const base = { perImage: 10, parallel: 2, ahead: 0, capacity: 2, secondsAhead: 10 };

  it('has nothing left once no image waits or runs', () => {
    expect(batchEstimate({ ...base, queued: 0, runningProgress: [] })).toBeNull();
  });

  it('shares the images left between the lanes it runs', () => {
    // 8 queued + two half-done = 9 images of work on 2 lanes.
    expect(batchEstimate({ ...base, queued: 8, runningProgress: [50, 50] })).toBe(45);
    // One worker: one lane, whatever the batch would run at once.
    expect(batchEstimate({ ...base, capacity: 1, queued: 8, runningProgress: [50, 50] })).toBe(90);
  });

  it('adds the wait behind other jobs while none of its images runs', () => {
    expect(batchEstimate({ ...base, ahead: 4, queued: 2, runningProgress: [] })).toBe(30);
  });
});
