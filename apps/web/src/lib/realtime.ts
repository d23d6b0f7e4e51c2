import { type QueryClient, useQueryClient } from '@tanstack/react-query';
import { type ChangeEvent, ChangeEventSchema } from '@telecare/contracts/events';
import { useEffect } from 'react';

/**
 * Live updates: the server's change feed (GET /api/events, server-sent events) says what changed,
 * never the data itself; each message marks the matching cached queries stale so the screens that
 * show them refetch.
 */

const EVENTS_URL = '/api/events';

/** The root query keys each kind of change makes stale. */
const QUERY_ROOTS: Record<ChangeEvent['type'], string[]> = {
  'presence.changed': ['presence'],
  'users.changed': ['users'],
  // A booking, reschedule or cancel changes the booking calendars' free slots too.
  'workflow.changed': ['workflows', 'booking', 'specialists'],
  'settings.changed': ['settings'],
  // The Schedule table, the booking calendars and the Specialists page's calendars.
  'schedule.changed': ['schedule', 'booking', 'specialists'],
  'todo.changed': ['todos'],
  'speciality.changed': ['specialists'],
  'specialist.changed': ['specialists'],
  'referrals.changed': ['referral-inbox'],
};

/** EventSource retries a dropped stream by itself, but gives up on an HTTP error; we then retry. */
const RETRY_FIRST_MS = 5_000;
const RETRY_MAX_MS = 60_000;

function parseChange(data: unknown): ChangeEvent | undefined {
  if (typeof data !== 'string') return undefined;
  try {
    const parsed = ChangeEventSchema.safeParse(JSON.parse(data));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Opens the change feed and keeps it open until the returned function is called. After a break
 * (the stream reopens following an error) everything cached is refetched, since changes may have
 * been missed meanwhile.
 */
export function connectRealtime(queryClient: QueryClient): () => void {
  let source: EventSource | undefined;
  let retryTimer: ReturnType<typeof setTimeout> | undefined;
  let retryDelay = RETRY_FIRST_MS;
  let interrupted = false;
  let closed = false;

  const open = () => {
    if (closed) return;
    const current = new EventSource(EVENTS_URL);
    source = current;

    current.onopen = () => {
      retryDelay = RETRY_FIRST_MS;
      if (interrupted) {
        interrupted = false;
        void queryClient.invalidateQueries();
      }
    };

    current.onmessage = (message) => {
      const change = parseChange(message.data);
      for (const root of change ? QUERY_ROOTS[change.type] : []) {
        void queryClient.invalidateQueries({ queryKey: [root] });
      }
    };

    current.onerror = () => {
      interrupted = true;
      // CONNECTING: the browser is already retrying. CLOSED: it gave up (e.g. an HTTP error).
      if (current.readyState !== EventSource.CLOSED) return;
      current.close();
      if (closed) return;
      retryTimer = setTimeout(open, retryDelay);
      retryDelay = Math.min(retryDelay * 2, RETRY_MAX_MS);
    };
  };

  open();

  return () => {
    closed = true;
    if (retryTimer !== undefined) clearTimeout(retryTimer);
    source?.close();
  };
}

/** Keeps the change feed open while the calling component (the signed-in layout) is mounted. */
export function useRealtime(): void {
  const queryClient = useQueryClient();
  useEffect(() => connectRealtime(queryClient), [queryClient]);
}
