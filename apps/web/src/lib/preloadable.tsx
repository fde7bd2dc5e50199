import { lazy, useState, type ComponentType, type LazyExoticComponent } from 'react';

type AnyComponent = ComponentType<any>;
export type Loader<C extends AnyComponent = AnyComponent> = () => Promise<{ default: C }>;

const loaded = new WeakMap<Loader, AnyComponent>();
const loading = new WeakMap<Loader, Promise<{ default: AnyComponent }>>();
const lazies = new WeakMap<Loader, LazyExoticComponent<AnyComponent>>();

/**
 * Starts loading a component's chunk (once per loader); a failed load may be tried again. Preloading the
 * workspace, the home page and its widgets as the login is sent lets them draw without suspending.
 */
export function preload<C extends AnyComponent>(load: Loader<C>): Promise<{ default: C }> {
  let promise = loading.get(load) as Promise<{ default: C }> | undefined;
  if (!promise) {
    promise = load().then(
      (m) => {
        loaded.set(load, m.default);
        return m;
      },
      (err: unknown) => {
        loading.delete(load);
        throw err;
      },
    );
    loading.set(load, promise);
  }
  return promise;
}

/** The component of a loader once its chunk has arrived, else undefined. */
export function loadedComponent<C extends AnyComponent>(load: Loader<C>): C | undefined {
  return loaded.get(load) as C | undefined;
}

/**
 * React.lazy suspends on its first render even when the chunk has already arrived, and React reveals the
 * content of a suspended boundary up to 300 ms later (its fallback throttle): each lazy level between the
 * login and the drawn dashboard cost that much (bench/web). This component renders the loaded component
 * directly when its chunk is in, and lazily otherwise (the choice is made once per mounted instance, so a
 * chunk arriving later does not remount it).
 */
export function usePreloaded<C extends AnyComponent>(load: Loader<C>): C | LazyExoticComponent<C> {
  const [first] = useState(() => ({ load, ready: loadedComponent(load) }));
  // A new loader (another page in the same slot) is a new component anyway.
  const ready = first.load === load ? first.ready : loadedComponent(load);
  if (ready) return ready;
  let lazyComponent = lazies.get(load) as LazyExoticComponent<C> | undefined;
  if (!lazyComponent) {
    lazyComponent = lazy(() => preload(load));
    lazies.set(load, lazyComponent as LazyExoticComponent<AnyComponent>);
  }
  return lazyComponent;
}

/** A component that loads `load`'s chunk when first drawn, without suspending when it was preloaded. */
export function preloadable<C extends AnyComponent>(load: Loader<C>): ComponentType<React.ComponentProps<C>> {
  function Preloadable(props: React.ComponentProps<C>) {
    const Component = usePreloaded(load) as AnyComponent;
    return <Component {...props} />;
  }
  return Preloadable;
}
