import { useCallback, useEffect, useState } from 'react';

/** The server refuses another code within this time; the countdown never shows more. */
const MAX_LOCK_MS = 20_000;
const STORAGE_PREFIX = 'telecare.mfaResendLock.';

export type ResendLockName = 'enrol' | 'verify';

function readLockedUntil(name: ResendLockName): number {
  try {
    const value = Number(sessionStorage.getItem(STORAGE_PREFIX + name));
    return Number.isFinite(value) ? value : 0;
  } catch {
    return 0;
  }
}

/** Whether a code was sent less than the lock time ago (kept in this tab across reloads). */
export function isResendLocked(name: ResendLockName): boolean {
  return readLockedUntil(name) > Date.now();
}

/**
 * The SMS resend lock: `lock(resendAvailableAt)` after a code was sent, then `secondsLeft` counts
 * down to 0. The server's instant is read relative to now (at most 20 s) to ignore clock skew.
 */
export function useResendLock(name: ResendLockName) {
  const [lockedUntil, setLockedUntil] = useState(() => readLockedUntil(name));
  const [now, setNow] = useState(() => Date.now());

  useEffect(() => {
    if (lockedUntil <= Date.now()) return;
    const timer = window.setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= lockedUntil) window.clearInterval(timer);
    }, 250);
    return () => window.clearInterval(timer);
  }, [lockedUntil]);

  const lock = useCallback(
    (resendAvailableAt: string) => {
      const current = Date.now();
      const at = Date.parse(resendAvailableAt);
      const wait = Number.isNaN(at) ? MAX_LOCK_MS : Math.min(Math.max(at - current, 0), MAX_LOCK_MS);
      const until = current + wait;
      try {
        sessionStorage.setItem(STORAGE_PREFIX + name, String(until));
      } catch {
        // Not kept across a reload then.
      }
      setNow(current);
      setLockedUntil(until);
    },
    [name],
  );

  const secondsLeft = Math.max(0, Math.ceil((lockedUntil - now) / 1000));
  return { secondsLeft, locked: secondsLeft > 0, lock };
}

/** The resend button's text while locked. */
export function resendCountdownLabel(secondsLeft: number): string {
  return `Resend in ${secondsLeft} s`;
}
