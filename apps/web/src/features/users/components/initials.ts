/** Initials as a default short name, e.g. 'Jane Citizen' -> 'JC'. */
export function initialsOf(firstName: string, lastName: string): string {
  return [firstName, lastName].map((part) => part.trim().charAt(0).toUpperCase()).join('');
}
