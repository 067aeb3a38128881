/** What a job is guessed to take when no job of its kind has finished yet. */
export const DEFAULT_JOB_SECONDS = 15;

/**
 * Seconds until one job ends. A waiting job has `ahead` jobs before it, which `capacity` workers
 * take in turn, each about as long as its own; a running one has the rest of its own run left.
 */
export function jobEstimate(job: {
  status: 'queued' | 'running';
  progress: number;
  ahead: number;
  capacity: number;
  seconds: number;
}): number {
  const { status, progress, ahead, seconds } = job;
  const capacity = Math.max(1, job.capacity);
  if (status === 'running') return Math.max(1, Math.round(seconds * (1 - clamp(progress) / 100)));
  return Math.max(1, Math.round((ahead / capacity + 1) * seconds));
}

/**
 * Seconds until every image of a batch is done: the rest of the images running, the queued ones
 * at `perImage` each, shared by the images it runs at once (no more than the workers there are),
 * and, while none of its images runs yet, the wait behind the jobs ahead of it.
 */
export function batchEstimate(batch: {
  queued: number;
  runningProgress: readonly number[];
  perImage: number;
  parallel: number;
  ahead: number;
  capacity: number;
  secondsAhead: number;
}): number | null {
  const { queued, runningProgress, perImage, ahead, secondsAhead } = batch;
  if (queued === 0 && runningProgress.length === 0) return null;
  const capacity = Math.max(1, batch.capacity);
  const lanes = Math.max(1, Math.min(batch.parallel, capacity));
  const runningLeft = runningProgress.reduce((sum, p) => sum + perImage * (1 - clamp(p) / 100), 0);
  const work = runningLeft + queued * perImage;
  const wait = runningProgress.length === 0 ? (ahead / capacity) * secondsAhead : 0;
  return Math.max(1, Math.round(wait + work / lanes));
}

const clamp = (progress: number) => Math.max(0, Math.min(100, progress));
