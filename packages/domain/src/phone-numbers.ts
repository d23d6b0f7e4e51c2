/**
 * An Australian mobile number in E.164 (+614XXXXXXXX), or null when the text is not one. Accepts
 * the ways staff type them: 0412 345 678, 412345678, +61 412 345 678, 61412345678, (0412) 345-678.
 */
export function australianMobileE164(text: string): string | null {
  const compact = text.trim().replace(/[\s\-().]/g, '');
  const digits = compact.startsWith('+') ? compact.slice(1) : compact;
  if (!/^\d+$/.test(digits)) return null;
  let national: string;
  if (digits.startsWith('61')) national = digits.slice(2);
  else if (digits.startsWith('0')) national = digits.slice(1);
  else national = digits;
  if (compact.startsWith('+') && !digits.startsWith('61')) return null;
  if (national.startsWith('0')) national = national.slice(1);
  return /^4\d{8}$/.test(national) ? `+61${national}` : null;
}

export const MOBILE_REFUSED =
  "The patient's mobile number is not an Australian mobile number (04XX XXX XXX), so no SMS can be sent. Correct it in the client form first.";
