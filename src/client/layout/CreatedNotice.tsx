/**
 * "Kalkulation K-2026-000012 angelegt" instead of react-admin's generic "Element wurde erstellt" (issue #35), for every
 * create screen in one place. react-admin's create controllers notify `resources.<resource>.notifications.created`
 * without the record; the data provider remembers the record each create returned (`rememberCreated`), and the layout
 * rewrites that one notification to name it (`NamedCreatedNotices`). A screen with its own success message is left
 * alone: only react-admin's default key is rewritten.
 */
import { useCallback, type ReactNode } from 'react';
import { AddNotificationContext, useAddNotificationContext, useTranslate, type NotificationPayload } from 'react-admin';

const lastCreated = new Map<string, Record<string, unknown>>();

/** Called by the data provider with each record a create returned. */
export function rememberCreated(resource: string, record: unknown): void {
  if (record && typeof record === 'object') lastCreated.set(resource, record as Record<string, unknown>);
}

const DEFAULT_KEY = /^resources\.([^.]+)\.notifications\.created$/;

/** How a user finds the record again: its number where it has one (never the database id), else its name. */
function recordWords(record: Record<string, unknown>): { kind: 'number' | 'named'; label: string } | undefined {
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : undefined);
  const number = text(record.number);
  if (number) return { kind: 'number', label: number };
  const name = text(record.name) ?? text(record.title) ?? text(record.label) ?? text(record.email);
  return name ? { kind: 'named', label: name } : undefined;
}

export const NamedCreatedNotices = ({ children }: { children: ReactNode }) => {
  const addNotification = useAddNotificationContext();
  const translate = useTranslate();
  const named = useCallback(
    (notification: NotificationPayload) => {
      const resource = typeof notification.message === 'string' ? DEFAULT_KEY.exec(notification.message)?.[1] : null;
      const record = resource ? lastCreated.get(resource) : undefined;
      const words = record ? recordWords(record) : undefined;
      if (!resource || !words) return addNotification(notification);
      lastCreated.delete(resource);
      addNotification({
        ...notification,
        message: `app.created.${words.kind}`,
        notificationOptions: {
          ...notification.notificationOptions,
          messageArgs: {
            resource: translate(`resources.${resource}.name`, { smart_count: 1, _: '' }),
            label: words.label,
          },
        },
      });
    },
    [addNotification, translate],
  );
  return <AddNotificationContext.Provider value={named}>{children}</AddNotificationContext.Provider>;
};
