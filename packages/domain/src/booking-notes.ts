/**
 * SW §9: "An auto-notes separator marker splits user notes from the auto-added part." Staff write
 * the part before the marker; the server appends its lines (booked by, when, dial-in, CONT/TBC, RT
 * note, reschedules) after it. Decision 0027.
 */
export const AUTO_NOTES_MARKER = '-- Added by Telecare --';

/** The part of the notes staff wrote (what the booking form edits). */
export function userNotes(notes: string | null | undefined): string {
  const text = notes ?? '';
  const at = text.indexOf(AUTO_NOTES_MARKER);
  return (at < 0 ? text : text.slice(0, at)).trim();
}

/** The lines the server added after the marker. */
export function autoNotes(notes: string | null | undefined): string[] {
  const text = notes ?? '';
  const at = text.indexOf(AUTO_NOTES_MARKER);
  if (at < 0) return [];
  return text
    .slice(at + AUTO_NOTES_MARKER.length)
    .split('\n')
    .map((line) => line.trim())
    .filter(Boolean);
}

/** The notes with staff's part and the auto lines; null when both are empty. */
export function joinNotes(user: string | null | undefined, auto: readonly string[]): string | null {
  const own = userNotes(user);
  if (auto.length === 0) return own || null;
  return `${own ? `${own}\n\n` : ''}${AUTO_NOTES_MARKER}\n${auto.join('\n')}`;
}

/** SW §5: the RT location is offered only while the RT note is not blank. */
export const rtOffered = (rtNote: string | null | undefined) => Boolean(rtNote?.trim());
