/** The data of a `job-progress` account event. */
export interface JobProgressEvent {
  jobId: string;
  status: string;
  progress: number;
}

export interface TrackedJob {
  jobId: string | null;
  /** 0-100, or null while no event has arrived (the bar is then indeterminate). */
  progress: number | null;
  /** Whether the job was seen starting, which makes it almost surely ours. */
  seenStarting: boolean;
}

export const NO_JOB: TrackedJob = { jobId: null, progress: null, seenStarting: false };

/** A job announces itself with progress 0 right before it runs. */
const STARTING_AT_MOST = 10;

/**
 * Which job's progress to show while our request runs. The job id only arrives with the answer,
 * so the first job seen starting after sending is taken as ours; any running job is the fallback.
 */
export function trackJobProgress(current: TrackedJob, event: JobProgressEvent): TrackedJob {
  const progress = Math.max(0, Math.min(100, Math.round(event.progress)));
  if (event.jobId === current.jobId) {
    const done = event.status === 'succeeded';
    return { ...current, progress: done ? 100 : Math.max(current.progress ?? 0, progress) };
  }
  if (event.status !== 'running') return current;
  const starting = progress <= STARTING_AT_MOST;
  if (current.jobId === null || (starting && !current.seenStarting)) {
    return { jobId: event.jobId, progress, seenStarting: starting };
  }
  return current;
}

export function isJobProgressEvent(data: unknown): data is JobProgressEvent {
  if (typeof data !== 'object' || data === null) return false;
  const { jobId, status, progress } = data as Record<string, unknown>;
  return typeof jobId === 'string' && typeof status === 'string' && typeof progress === 'number';
}
