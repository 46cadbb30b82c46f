/**
 * `work`'s outcome, or a rejection with `message` once `ms` have passed first. The work itself may go on
 * (it ends on its own timeouts); only the caller stops waiting: a probe must answer within seconds.
 */
export function within<T>(ms: number, work: Promise<T>, message: string): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(message)), ms);
  });
  return Promise.race([work, late]).finally(() => clearTimeout(timer));
}
