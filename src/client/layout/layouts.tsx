import { Suspense, type ComponentType, type ReactNode } from 'react';
import { ShellError, UNKNOWN_MIDDLEWARE } from '../shell/errors/ShellError';
import { lazyPage } from '../shell/navigation/lazyPage';
import { RouteLoading } from '../shell/progress/RouteLoading';

type LayoutComponent = ComponentType<{ children: ReactNode }>;

// The app's frame (menu, app bar, user menu) loads after signing in, not with the login page.
const LazyAppLayout = lazyPage(() => import('./AppLayout').then((m) => ({ default: m.AppLayout })));
const AppLayout: LayoutComponent = ({ children }) => (
  <Suspense fallback={<RouteLoading />}>
    <LazyAppLayout>{children}</LazyAppLayout>
  </Suspense>
);

// The login pages frame themselves (LoginLayout needs their title), so their layout adds nothing.
const Bare: LayoutComponent = ({ children }) => <>{children}</>;

export const LAYOUTS = { default: AppLayout, login: Bare } as const satisfies Record<string, LayoutComponent>;
export type LayoutName = keyof typeof LAYOUTS;

/** The layout of that name; an unknown name is a programming error shown as the 500 "Unknown middleware" page. */
export function resolveLayout(name: string): LayoutComponent {
  if (Object.hasOwn(LAYOUTS, name)) return LAYOUTS[name as LayoutName];
  throw new ShellError(500, UNKNOWN_MIDDLEWARE);
}
