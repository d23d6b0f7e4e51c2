/** A staff member shown as coloured initials with the name (created by, booked by). */
const STAFF_COLOURS = [
  'blue',
  'teal',
  'grape',
  'orange',
  'cyan',
  'pink',
  'indigo',
  'lime',
  'violet',
  'red',
] as const;

/** The same colour for a user every time (a Mantine colour name), from their id. */
export function staffColour(userId: string): string {
  let hash = 0;
  for (const char of userId) hash = (hash * 31 + char.charCodeAt(0)) >>> 0;
  return STAFF_COLOURS[hash % STAFF_COLOURS.length] ?? 'gray';
}

export function staffInitials(firstName: string, lastName: string): string {
  return `${firstName.trim().charAt(0)}${lastName.trim().charAt(0)}`.toUpperCase();
}
