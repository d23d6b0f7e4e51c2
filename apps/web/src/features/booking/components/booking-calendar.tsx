import { Box, Group, ScrollArea, Stack, Text, UnstyledButton } from '@mantine/core';
import { zoneAbbreviationOn } from '@telecare/domain/calendar';
import { toMinutes } from '@telecare/domain/slots';
import type { AvailabilityDay } from '../api/booking';
import { roomColour } from '../booking-rules';

/** A calendar day with one dot per room that has a free slot that day. */
export function CalendarDay({ date, day }: { date: string; day: AvailabilityDay | undefined }) {
  const rooms = day ? [...new Set(day.slots.map((slot) => roomColour(slot.room)))] : [];
  return (
    <Stack gap={1} align="center" lh={1}>
      <span>{Number(date.slice(8))}</span>
      {rooms.length > 0 && (
        <Group gap={2} justify="center" aria-hidden>
          {rooms.map((colour) => (
            <Box key={colour} w={5} h={5} bg={`${colour}.6`} style={{ borderRadius: '50%' }} />
          ))}
        </Group>
      )}
    </Stack>
  );
}

/** The chosen day's free slots, coloured by room; a click puts the slot's start in 'Start time'. */
export function Timeslots({
  day,
  onPick,
}: {
  day: AvailabilityDay | undefined;
  onPick: (start: string) => void;
}) {
  // A short zone name such as AEDT for the day.
  const zone = day ? zoneAbbreviationOn(day.date, day.timezone) : '';
  return (
    <Stack gap={4} role="group" aria-label="Timeslots">
      <Text size="sm" fw={500}>
        Timeslots{zone && ` (${zone})`}
      </Text>
      {!day ? (
        <Text size="xs" c="dimmed">
          Choose a date to see its free timeslots.
        </Text>
      ) : (
        <ScrollArea.Autosize mah={340} type="auto">
          <Stack gap={4}>
            {[...day.slots]
              .sort((a, b) => toMinutes(a.start) - toMinutes(b.start))
              .map((slot) => {
                const colour = roomColour(slot.room);
                return (
                  <UnstyledButton
                    key={`${slot.start}-${slot.end}-${slot.room ?? ''}`}
                    onClick={() => onPick(slot.start)}
                    px="xs"
                    py={4}
                    bg={`${colour}.0`}
                    style={{
                      borderLeft: `4px solid var(--mantine-color-${colour}-6)`,
                      borderRadius: 'var(--mantine-radius-sm)',
                    }}
                  >
                    <Text size="sm">
                      {slot.start} – {slot.end}
                      {slot.room !== null && slot.room !== undefined && (
                        <Text span size="xs" c="dimmed">
                          {' '}
                          Room {slot.room}
                        </Text>
                      )}
                    </Text>
                  </UnstyledButton>
                );
              })}
          </Stack>
        </ScrollArea.Autosize>
      )}
    </Stack>
  );
}
