import { readdirSync, readFileSync } from 'node:fs';

// Signals to a process and everything it started (a PostgreSQL postmaster and its backends), by pid, read
// from /proc (Linux, where the PostgreSQL tests run).

function parentOf(pid: number): number | undefined {
  try {
    // /proc/<pid>/stat: "pid (comm) state ppid ..."; comm may hold spaces and parentheses.
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
  } catch {
    return undefined;
  }
}

/** `root` and its descendants, parents before children. */
export function processTree(root: number): number[] {
  const children = new Map<number, number[]>();
  for (const name of readdirSync('/proc')) {
    const pid = Number(name);
    if (!Number.isInteger(pid)) continue;
    const parent = parentOf(pid);
    if (parent !== undefined) children.set(parent, [...(children.get(parent) ?? []), pid]);
  }
  const tree = [root];
  for (let i = 0; i < tree.length; i++) tree.push(...(children.get(tree[i]!) ?? []));
  return tree;
}

/** Sends `signal` to `root` first (so it starts nothing new), then to each of its descendants. */
export function signalTree(root: number, signal: 'SIGSTOP' | 'SIGCONT'): void {
  for (const pid of processTree(root)) {
    try {
      process.kill(pid, signal);
    } catch {
      // Gone meanwhile.
    }
  }
}
