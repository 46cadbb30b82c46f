import { type ComponentType, lazy } from 'react';

// React.lazy with a `preload` that starts the download without rendering: pages.ts calls it for the page
// being opened (its chunks come in parallel with the texts), a list for the form a row opens (issue 46). A
// component whose chunk has arrived renders at once: React.lazy suspends on a promise even when it is settled
// (its callbacks run later), and a frame shown for a moment without its content moves what follows it; a
// thenable that answers at once does not suspend.
export function preloadableLazy<M, P extends object>(
  load: () => Promise<M>,
  pick: (module: M) => ComponentType<P>,
) {
  type Loaded = { default: ComponentType<P> };
  let ready: Loaded | undefined;
  const preload = () =>
    load().then((module) => {
      ready = { default: pick(module) };
      return ready;
    });
  const settled = (value: Loaded) =>
    // biome-ignore lint/suspicious/noThenProperty: a thenable that answers at once is the point (see above).
    ({ then: (resolve: (v: Loaded) => void) => resolve(value) }) as unknown as Promise<Loaded>;
  return Object.assign(
    lazy(() => (ready ? settled(ready) : preload())),
    { preload },
  );
}
