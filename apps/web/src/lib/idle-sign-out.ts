/**
 * Inactivity sign-out shared by all tabs of the app, and the sign-out message between tabs.
 *
 * - Activity (pointer, keys, wheel, a tab becoming visible) in any tab stamps
 *   localStorage['telecare.lastActivity'] (at most every 15 s per tab).
 * - Every 30 s each signed-in tab compares that stamp with the idle limit; the first tab past it
 *   signs out (see watchIdle's onIdle) and tells the others through broadcastSignOut().
 * - While the user is active, one tab pings the server at most every 5 minutes (keepAlive) so the
 *   server's idle clock, which counts API requests, agrees with ours.
 */

export const LAST_ACTIVITY_KEY = 'telecare.lastActivity';
/** When any tab last pinged the server for activity (so only one tab does it). */
const LAST_KEEP_ALIVE_KEY = 'telecare.lastKeepAlive';
/** The fallback signal (a 'storage' event in the other tabs) where BroadcastChannel is missing. */
const SIGN_OUT_KEY = 'telecare.signOut';
const CHANNEL_NAME = 'telecare-session';
const SIGN_OUT_MESSAGE = 'sign-out';

export const ACTIVITY_WRITE_INTERVAL_MS = 15_000;
export const IDLE_CHECK_INTERVAL_MS = 30_000;
export const KEEP_ALIVE_INTERVAL_MS = 5 * 60_000;

const ACTIVITY_EVENTS = ['pointerdown', 'keydown', 'wheel'] as const;

function readNumber(key: string): number | null {
  try {
    const value = Number(localStorage.getItem(key));
    return Number.isFinite(value) && value > 0 ? value : null;
  } catch {
    return null;
  }
}

function writeNumber(key: string, value: number): void {
  try {
    localStorage.setItem(key, String(value));
  } catch {
    // Storage full or blocked: this tab still tracks its own activity in memory.
  }
}

/** The last activity in any tab (ms since the epoch), or null when none is recorded. */
export function readLastActivity(): number | null {
  return readNumber(LAST_ACTIVITY_KEY);
}

// ---- Sign-out between tabs -------------------------------------------------------------------

let channel: BroadcastChannel | null | undefined;

/** One channel per tab: a tab does not receive what its own channel object posts. */
function sessionChannel(): BroadcastChannel | null {
  if (channel === undefined) {
    channel = typeof BroadcastChannel === 'function' ? new BroadcastChannel(CHANNEL_NAME) : null;
  }
  return channel;
}

/**
 * Tells the other tabs that the user has signed out (manually or for inactivity, then with the
 * reason to show), so they forget the session and show the sign-in screen. Call it after this
 * tab's sign-out.
 */
export function broadcastSignOut(reason?: string): void {
  const ch = sessionChannel();
  if (ch) {
    ch.postMessage(reason ? { type: SIGN_OUT_MESSAGE, reason } : SIGN_OUT_MESSAGE);
    return;
  }
  writeNumber(SIGN_OUT_KEY, Date.now());
}

function reasonOf(data: unknown): string | undefined {
  if (typeof data !== 'object' || data === null) return undefined;
  const { type, reason } = data as { type?: unknown; reason?: unknown };
  return type === SIGN_OUT_MESSAGE && typeof reason === 'string' ? reason : undefined;
}

/** Calls `listener` (with the reason, if any) when another tab signs out; returns the unsubscribe function. */
export function onSignOutBroadcast(listener: (reason?: string) => void): () => void {
  const ch = sessionChannel();
  if (ch) {
    const onMessage = (event: MessageEvent) => {
      if (event.data === SIGN_OUT_MESSAGE) listener();
      const reason = reasonOf(event.data);
      if (reason) listener(reason);
    };
    ch.addEventListener('message', onMessage);
    return () => ch.removeEventListener('message', onMessage);
  }
  const onStorage = (event: StorageEvent) => {
    if (event.key === SIGN_OUT_KEY && event.newValue) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => window.removeEventListener('storage', onStorage);
}

// ---- Idle watch -------------------------------------------------------------------------------

export interface IdleWatchOptions {
  /** The idle limit, read at every check (it may arrive after the watch starts). */
  getIdleMinutes: () => number;
  /** The limit was reached: sign out. Called once; the watch has stopped by then. */
  onIdle: () => void;
  /** Tells the server the user is active; failures are ignored. */
  keepAlive: () => Promise<unknown>;
}

/**
 * Watches this tab's activity and the shared idle stamp while the user is signed in. Starting
 * counts as activity (the tab has just been opened or signed in). Returns the stop function.
 */
export function watchIdle({ getIdleMinutes, onIdle, keepAlive }: IdleWatchOptions): () => void {
  let stopped = false;
  let lastWritten = 0;

  const idleLimitReached = (now: number) => {
    const last = readLastActivity() ?? lastWritten;
    return now - last >= getIdleMinutes() * 60_000;
  };

  const stop = () => {
    if (stopped) return;
    stopped = true;
    window.clearInterval(timer);
    for (const type of ACTIVITY_EVENTS) window.removeEventListener(type, onActivity, listenerOptions);
    document.removeEventListener('visibilitychange', onVisibilityChange);
  };

  const idle = () => {
    stop();
    onIdle();
  };

  const record = (now: number) => {
    lastWritten = now;
    writeNumber(LAST_ACTIVITY_KEY, now);
  };

  const onActivity = () => {
    if (stopped) return;
    const now = Date.now();
    if (now - lastWritten < ACTIVITY_WRITE_INTERVAL_MS) return;
    // Back after the limit (e.g. the computer slept): the session is over, whatever the checks missed.
    if (idleLimitReached(now)) {
      idle();
      return;
    }
    record(now);
  };

  const onVisibilityChange = () => {
    if (document.visibilityState === 'visible') onActivity();
  };

  const check = () => {
    if (stopped) return;
    const now = Date.now();
    if (idleLimitReached(now)) {
      idle();
      return;
    }
    const last = readLastActivity() ?? lastWritten;
    const lastPing = readNumber(LAST_KEEP_ALIVE_KEY) ?? 0;
    if (last > lastPing && now - lastPing >= KEEP_ALIVE_INTERVAL_MS) {
      writeNumber(LAST_KEEP_ALIVE_KEY, now);
      keepAlive().catch(() => undefined);
    }
  };

  const listenerOptions: AddEventListenerOptions = { capture: true, passive: true };
  for (const type of ACTIVITY_EVENTS) window.addEventListener(type, onActivity, listenerOptions);
  document.addEventListener('visibilitychange', onVisibilityChange);
  const timer = window.setInterval(check, IDLE_CHECK_INTERVAL_MS);

  const now = Date.now();
  record(now);
  // The sign-in or page load has just talked to the server.
  writeNumber(LAST_KEEP_ALIVE_KEY, now);

  return stop;
}
