/**
 * Why this tab was signed out without asking (the idle limit, or the server ended the session), so
 * the sign-in screen can say so. Kept per tab until that screen has shown it.
 */
const REASON_KEY = 'telecare.signOutReason';

export const SESSION_ENDED_TEXT = 'Your session has ended. Please sign in again.';

export function idleSignOutText(idleMinutes: number): string {
  const hours = idleMinutes / 60;
  const span = Number.isInteger(hours)
    ? `${hours} ${hours === 1 ? 'hour' : 'hours'}`
    : `${idleMinutes} minutes`;
  return `You were signed out after ${span} without activity. Please sign in again.`;
}

export function rememberSignOutReason(text: string): void {
  try {
    sessionStorage.setItem(REASON_KEY, text);
  } catch {
    // Storage blocked: the sign-in screen shows no reason.
  }
}

export function readSignOutReason(): string | null {
  try {
    return sessionStorage.getItem(REASON_KEY);
  } catch {
    return null;
  }
}

/** Once shown: a later visit to the sign-in screen (e.g. after signing out) shows no reason. */
export function forgetSignOutReason(): void {
  try {
    sessionStorage.removeItem(REASON_KEY);
  } catch {
    // Nothing kept.
  }
}
