import {
  classifyFailure,
  httpFacts,
  HostedProviderError,
  isRetryable,
  retryAfterMs,
  type HostedFailure,
} from './errors.ts';
import type { CallPolicy } from './settings.ts';

/** One line of the cost log: every call to a hosted provider, whatever its outcome. */
export interface HostedCallRecord {
  provider: string;
  model: string;
  capability: string;
  /** Images sent to the provider (our stored images, as bytes). */
  inputImages: number;
  /** Images received. */
  images: number;
  inputTokens?: number;
  outputTokens?: number;
  estimatedCostUsd: number;
  attempts: number;
  durationMs: number;
  outcome: 'ok' | HostedFailure;
}

export type HostedCallLogger = (record: HostedCallRecord) => void;

export interface CallContext {
  policy: CallPolicy;
  log: HostedCallLogger;
}

export interface CallMeta {
  provider: string;
  model: string;
  capability: string;
  inputImages: number;
  signal?: AbortSignal;
}

export interface CallOutcome {
  images: number;
  inputTokens?: number;
  outputTokens?: number;
  estimatedCostUsd: number;
}

function sleep(ms: number, signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal?.aborted) return reject(signal.reason);
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** How long to wait before the next attempt, or undefined to stop. */
function retryDelay(error: unknown, attempt: number, policy: CallPolicy): number | undefined {
  const facts = httpFacts(error);
  if (attempt >= policy.maxRetries || !isRetryable(facts)) return undefined;
  const asked = retryAfterMs(facts?.headers);
  if (asked !== undefined) return asked <= policy.maxRetryAfterMs ? asked : undefined;
  const jitter = 0.8 + Math.random() * 0.4;
  return Math.round(policy.retryBaseMs * 2 ** attempt * jitter);
}

/**
 * Runs one provider call with a timeout per attempt, retries on 429, 5xx and dropped
 * connections (waiting as long as Retry-After asks, within reason, else backing off
 * exponentially), classifies the final failure, and logs provider, model, images and an
 * estimated cost either way.
 */
export async function hostedCall<T>(
  context: CallContext,
  meta: CallMeta,
  run: (signal: AbortSignal) => Promise<T>,
  measure: (result: T) => CallOutcome,
): Promise<T> {
  const started = Date.now();
  let attempts = 0;
  const record = (outcome: HostedCallRecord['outcome'], measured?: CallOutcome) =>
    context.log({
      provider: meta.provider,
      model: meta.model,
      capability: meta.capability,
      inputImages: meta.inputImages,
      images: measured?.images ?? 0,
      inputTokens: measured?.inputTokens,
      outputTokens: measured?.outputTokens,
      estimatedCostUsd: measured?.estimatedCostUsd ?? 0,
      attempts,
      durationMs: Date.now() - started,
      outcome,
    });

  for (;;) {
    attempts++;
    const timeout = AbortSignal.timeout(context.policy.timeoutMs);
    const signal = meta.signal ? AbortSignal.any([meta.signal, timeout]) : timeout;
    try {
      const result = await run(signal);
      record('ok', measure(result));
      return result;
    } catch (error) {
      if (meta.signal?.aborted) throw meta.signal.reason;
      if (timeout.aborted) {
        record('timeout');
        throw new HostedProviderError(
          'timeout',
          meta.provider,
          `${meta.provider} did not answer within ${context.policy.timeoutMs} ms`,
          { cause: error },
        );
      }
      const wait = retryDelay(error, attempts - 1, context.policy);
      if (wait === undefined) {
        const failure = classifyFailure(error, meta.provider);
        record(failure instanceof HostedProviderError ? failure.failure : 'no_result');
        throw failure;
      }
      await sleep(wait, meta.signal);
    }
  }
}
