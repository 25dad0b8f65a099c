import { lazy, Suspense, type ComponentProps, type ComponentType, type ReactNode } from 'react';
import { RouteLoading } from '../progress/RouteLoading';

/** The one Suspense boundary of a lazily loaded page: the top progress bar is its loading indicator. */
const PageSuspense = ({ children }: { children: ReactNode }) => (
  <Suspense fallback={<RouteLoading />}>{children}</Suspense>
);

/**
 * A route's page as its own chunk, ready to render (`element={<Page />}`, `list={Page}`): `React.lazy` inside the
 * one Suspense boundary. A chunk that fails to load reaches the layout's error boundary, whose `ChunkFailure`
 * reloads the page once the server answers (at most once a minute) or says the connection is gone.
 */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- the same constraint React.lazy itself uses
export function lazyPage<T extends ComponentType<any>>(load: () => Promise<{ default: T }>) {
  const Lazy = lazy(load) as unknown as ComponentType<ComponentProps<T>>;
  const Page = (props: ComponentProps<T>) => (
    <PageSuspense>
      <Lazy {...props} />
    </PageSuspense>
  );
  return Page;
}

type ResourceView = 'list' | 'create' | 'edit';

/**
 * A react-admin resource whose screens load with the first visit (react-admin's layout shows its loader meanwhile),
 * not with the login page: each view's loader gives the screen, the rest is the resource's definition as it is.
 */
export function lazyResource<D extends object, V extends ResourceView>(
  views: Record<V, () => Promise<ComponentType>>,
  definition: D,
) {
  const screens = Object.fromEntries(
    Object.entries<() => Promise<ComponentType>>(views).map(([view, load]) => [
      view,
      lazyPage(() => load().then((screen) => ({ default: screen }))),
    ]),
  ) as Record<V, ComponentType>;
  return { ...definition, ...screens };
}
