import { describe, expect, it } from 'vitest';
import { isJobProgressEvent, NO_JOB, trackJobProgress } from './job-progress.ts';

const event = (jobId: string, progress: number, status = 'running') => ({
  jobId,
  status,
  progress,
});

describe('trackJobProgress', () => {
  it('adopts the first job seen starting and follows it', () => {
    let job = trackJobProgress(NO_JOB, event('a', 0));
    job = trackJobProgress(job, event('b', 0));
    job = trackJobProgress(job, event('a', 45));
    expect(job).toEqual({ jobId: 'a', progress: 45, seenStarting: true });
    expect(trackJobProgress(job, event('a', 100, 'succeeded')).progress).toBe(100);
  });
  it('falls back to a running job, then prefers one seen starting', () => {
    let job = trackJobProgress(NO_JOB, event('other', 60));
    expect(job).toMatchObject({ jobId: 'other', progress: 60, seenStarting: false });
    job = trackJobProgress(job, event('mine', 0));
    expect(job).toMatchObject({ jobId: 'mine', progress: 0, seenStarting: true });
  });
  it('ignores finished jobs it does not follow and never goes backwards', () => {
    let job = trackJobProgress(NO_JOB, event('x', 100, 'succeeded'));
    expect(job).toEqual(NO_JOB);
    job = trackJobProgress(trackJobProgress(NO_JOB, event('a', 50)), event('a', 30));
    expect(job.progress).toBe(50);
  });
  it('clamps and rounds', () => {
    expect(trackJobProgress(NO_JOB, event('a', -5)).progress).toBe(0);
    expect(trackJobProgress(NO_JOB, event('a', 33.6)).progress).toBe(34);
  });
});

describe('isJobProgressEvent', () => {
  it('checks the shape', () => {
    expect(isJobProgressEvent(event('a', 1))).toBe(true);
    expect(isJobProgressEvent({ jobId: 'a' })).toBe(false);
    expect(isJobProgressEvent(null)).toBe(false);
  });
});
