// A bounded pool: run jobs at most `size` at a time, each given a worker (e.g. a browser tab) that
// only it uses while it runs. Results keep the jobs' order; the first failure is thrown after every
// started job has settled.

export async function runPool<W, T, R>(items: readonly T[], workers: readonly W[], job: (item: T, worker: W, index: number) => Promise<R>): Promise<R[]> {
  if (workers.length === 0 && items.length > 0) throw new Error('runPool: no workers');
  const results: R[] = new Array(items.length);
  let next = 0;
  let failure: { error: unknown } | undefined;
  const lane = async (worker: W) => {
    while (!failure && next < items.length) {
      const index = next++;
      try {
        results[index] = await job(items[index]!, worker, index);
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(workers.map(lane));
  if (failure) throw failure.error;
  return results;
}

/** How many pages to print at once: PLAYMARK_JOBS, else 2 (the browser uses more cores than that). */
export function poolSize(env: NodeJS.ProcessEnv = process.env): number {
  const n = Number(env.PLAYMARK_JOBS);
  return Number.isInteger(n) && n >= 1 && n <= 16 ? n : 2;
}
