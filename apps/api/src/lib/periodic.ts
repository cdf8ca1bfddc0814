/**
 * A background job that runs in passes: now on request, and every `everyMs` once started. A pass
 * never overlaps another (a slow one on a busy database is joined, not doubled), and stopping
 * waits for the running pass, so the connections it uses are still open.
 */
export interface PeriodicPass<T, R> {
  /** Runs a pass now, or joins the one running. */
  run(arg?: T): Promise<R>;
  /** Runs a pass in the background; its failure goes to `onError`. */
  kick(): void;
  /** Starts the timer (never when everyMs is 0); it never keeps the process alive. */
  start(): void;
  /** Stops the timer and waits for the running pass to end (its failure was reported already). */
  stop(): Promise<void>;
}

export function periodicPass<T, R>(
  pass: (arg?: T) => Promise<R>,
  everyMs: number,
  onError: (err: unknown) => void,
): PeriodicPass<T, R> {
  let running: Promise<R> | null = null;
  let timer: NodeJS.Timeout | null = null;
  const run = (arg?: T) => {
    running ??= pass(arg).finally(() => {
      running = null;
    });
    return running;
  };
  const kick = () => {
    run().catch(onError);
  };
  return {
    run,
    kick,
    start() {
      if (everyMs === 0 || timer) return;
      timer = setInterval(kick, everyMs);
      timer.unref();
    },
    async stop() {
      if (timer) clearInterval(timer);
      timer = null;
      await running?.catch(() => undefined);
    },
  };
}
