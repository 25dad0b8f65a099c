import type { ComponentType, ReactNode } from 'react';
import { ShellError, UNKNOWN_MIDDLEWARE } from '../shell/errors/ShellError';
import { AppLayout } from './AppLayout';

type LayoutComponent = ComponentType<{ children: ReactNode }>;

// The login pages frame themselves (LoginLayout needs their title), so their layout adds nothing.
const Bare: LayoutComponent = ({ children }) => <>{children}</>;

export const LAYOUTS = { default: AppLayout, login: Bare } as const satisfies Record<string, LayoutComponent>;
export type LayoutName = keyof typeof LAYOUTS;

/** The layout of that name; an unknown name is a programming error shown as the 500 "Unknown middleware" page. */
export function resolveLayout(name: string): LayoutComponent {
  if (Object.hasOwn(LAYOUTS, name)) return LAYOUTS[name as LayoutName];
  throw new ShellError(500, UNKNOWN_MIDDLEWARE);
}
