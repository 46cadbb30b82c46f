// Work that must not hold up the answer: account mails. Sending after the answer keeps sign-up and reset
// requests equally fast whether or not the address exists (no account enumeration by timing), and a slow
// SMTP server cannot stall them. Failures are logged; closing the app waits for what is still running.

export interface BackgroundTasks {
  run(label: string, task: () => Promise<unknown>): void;
  /** Resolves once every task started so far has settled. */
  drain(): Promise<void>;
}

export type TaskErrorHandler = (error: unknown, label: string) => void;

export function createBackgroundTasks(onError: TaskErrorHandler): BackgroundTasks {
  const pending = new Set<Promise<unknown>>();
  return {
    run(label, task) {
      const promise = Promise.resolve()
        .then(task)
        .catch((error: unknown) => onError(error, label))
        .finally(() => pending.delete(promise));
      pending.add(promise);
    },
    async drain() {
      while (pending.size > 0) await Promise.allSettled([...pending]);
    },
  };
}
