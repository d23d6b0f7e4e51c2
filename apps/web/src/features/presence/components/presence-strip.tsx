import { Tooltip } from '@mantine/core';
import type { PresenceEntry } from '@telecare/contracts/presence';
import { usePresence } from '../api/get-presence';
import classes from './presence-strip.module.css';

function fullName(entry: PresenceEntry): string {
  return `${entry.firstName} ${entry.lastName}`.trim();
}

/** The short name, or the initials when there is none. */
function chipText(entry: PresenceEntry): string {
  const short = entry.shortName.trim();
  if (short) return short;
  return [entry.firstName, entry.lastName].map((part) => part.trim().charAt(0).toUpperCase()).join('');
}

const byName = new Intl.Collator('en-AU', { sensitivity: 'base' });

/** Online first, then by name. */
export function sortPresence(entries: readonly PresenceEntry[]): PresenceEntry[] {
  return [...entries].sort(
    (a, b) => Number(b.online) - Number(a.online) || byName.compare(fullName(a), fullName(b)),
  );
}

/**
 * The header's presence strip: one chip per staff member (non-IT, not disabled), green when online.
 * Kept live by the change feed; scrolls sideways when there are many.
 */
export function PresenceStrip() {
  const presence = usePresence();
  const entries = presence.data ? sortPresence(presence.data) : [];
  const online = entries.filter((entry) => entry.online).length;

  return (
    <div className={classes.strip}>
      {entries.length > 0 && (
        <ul className={classes.list} aria-label={`Staff presence: ${online} of ${entries.length} online`}>
          {entries.map((entry) => {
            const name = fullName(entry);
            const status = entry.online ? 'online' : 'offline';
            return (
              <Tooltip key={entry.uid} label={`${name} (${status})`} openDelay={300} withinPortal>
                <li
                  className={classes.chip}
                  data-online={entry.online || undefined}
                  aria-label={`${name} ${status}`}
                >
                  <span className={classes.dot} aria-hidden="true" />
                  <span className={classes.name} aria-hidden="true">
                    {chipText(entry)}
                  </span>
                </li>
              </Tooltip>
            );
          })}
        </ul>
      )}
    </div>
  );
}
