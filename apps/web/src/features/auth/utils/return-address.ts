/**
 * The signed-in address someone opened while signed out (e.g. a link to a workflow), kept for this
 * tab through the sign-in and the second factor, then opened instead of the first screen. Only app
 * addresses under /admin/ are kept, so a crafted value cannot send anyone elsewhere.
 */
const RETURN_KEY = 'telecare.returnTo';

function isAppAddress(address: string): boolean {
  return address.startsWith('/admin/') && !address.startsWith('//') && !address.includes('\\');
}

export function rememberReturnAddress(address: string): void {
  if (!isAppAddress(address)) return;
  try {
    sessionStorage.setItem(RETURN_KEY, address);
  } catch {
    // Storage blocked: the sign-in then opens the first screen.
  }
}

/** The kept address, once: it is forgotten as it is read. */
export function takeReturnAddress(): string | null {
  try {
    const address = sessionStorage.getItem(RETURN_KEY);
    sessionStorage.removeItem(RETURN_KEY);
    return address && isAppAddress(address) ? address : null;
  } catch {
    return null;
  }
}
