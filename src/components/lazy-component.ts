import { lazy, type ComponentType } from "react";

/**
 * React.lazy for parts a first visit renders closed or not at all (the main menu's drawer, the
 * account panel, the upgrade promo): their code is a chunk of its own, outside the entry and its
 * preloads. In the browser a boundary holding one keeps the server's HTML and hydrates when the
 * chunk arrives. The server loads them all before rendering (loadLazyComponents), so there the
 * component is ready at once: nothing suspends, and every boundary stays inline in the stream
 * (a suspended one would be revealed by an inline script, which the CSP blocks).
 */
type Module<P> = { default: ComponentType<P> };

const loaders: Array<() => Promise<unknown>> = [];

/** The component, and `preload` for a route that must have it ready before it renders. */
export type LazyComponent<P> = ComponentType<P> & { preload: () => Promise<unknown> };

export function lazyComponent<P extends object>(load: () => Promise<Module<P>>): LazyComponent<P> {
  let loaded: Module<P> | undefined;
  let pending: Promise<Module<P>> | undefined;
  const get = () =>
    (pending ??= load().then(
      (module) => (loaded = module),
      (error: unknown) => {
        pending = undefined;
        throw error;
      },
    ));
  loaders.push(get);
  // A thenable that is already resolved: React.lazy takes its value synchronously.
  const component = lazy(() => (loaded ? ({ then: (resolve: (m: Module<P>) => void) => resolve(loaded!) } as unknown as Promise<Module<P>>) : get()));
  return Object.assign(component, { preload: get }) as unknown as LazyComponent<P>;
}

/** How many of `loaders` have loaded for good: later renders pay nothing for them. */
let ready = 0;

/**
 * Loads every lazyComponent's module (the worker awaits this before rendering), and those that
 * the loaded modules define in turn. Once all are loaded, a call does no work.
 */
export async function loadLazyComponents(): Promise<void> {
  while (ready < loaders.length) {
    const upTo = loaders.length;
    await Promise.all(loaders.slice(ready, upTo).map((get) => get()));
    ready = upTo;
  }
}
