import { Avatar, Badge, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { Calendar } from '@mantine/dates';
import type { SpecialistCard as Card } from '@telecare/contracts/specialists';
import { formatDay } from '@telecare/domain/calendar';
import type { ReactNode } from 'react';
import { type OpenDates, zonesOf } from '../open-dates-zones';

export type { OpenDates };

const initials = (card: Card) => `${card.firstName.charAt(0)}${card.lastName.charAt(0)}`.toUpperCase();
const fullName = (card: Card) => `${card.title?.trim() || 'Dr'} ${card.firstName} ${card.lastName}`;

function Field({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Text size="sm">
      <Text span fw={600}>
        {label}:{' '}
      </Text>
      {children || '—'}
    </Text>
  );
}

/**
 * One specialist on the Specialists page: avatar (initials when there is no image), name,
 * specialities, language, qualification, profile, schedule description and a month calendar whose
 * marked dates have a free slot at least the chosen consultation's length (in the specialist's zone).
 */
export function SpecialistCard({
  card,
  month,
  onMonthChange,
  open,
  loading,
  action,
}: {
  card: Card;
  /** The shown month, as its first day (YYYY-MM-01). */
  month: string;
  onMonthChange: (month: string) => void;
  open: OpenDates | undefined;
  loading: boolean;
  action?: ReactNode;
}) {
  const openDates = new Set(open?.dates.map((d) => d.date));
  const zoneText = zonesOf(open?.dates ?? [], month, card.timezone);
  const name = fullName(card);
  return (
    <Paper withBorder p="md" radius="sm" component="article" aria-label={name}>
      <Group align="flex-start" gap="lg" wrap="wrap">
        <Stack gap={6} style={{ flex: '1 1 320px', minWidth: 0 }}>
          <Group gap="sm" wrap="nowrap">
            <Avatar src={card.avatarLink || null} alt={name} size="lg" color="blue" radius="xl">
              {initials(card)}
            </Avatar>
            <div>
              <Title order={3} fz="md">
                {name}
              </Title>
              {card.profileTitle && (
                <Text size="sm" c="dimmed">
                  {card.profileTitle}
                </Text>
              )}
            </div>
            {action}
          </Group>
          <Group gap={4}>
            {card.specialities.map((speciality) => (
              <Badge key={speciality} variant="light" radius="sm">
                {speciality}
              </Badge>
            ))}
          </Group>
          <Field label="Language">{card.language}</Field>
          <Field label="Qualification">{card.qualification}</Field>
          {card.profile.length > 0 && (
            <Stack gap={4}>
              {card.profile.map((paragraph, i) => (
                // Paragraphs have no ids; their order is their identity.
                // biome-ignore lint/suspicious/noArrayIndexKey: see above
                <Text key={i} size="sm">
                  {paragraph}
                </Text>
              ))}
            </Stack>
          )}
          <Field label="Schedule">{card.scheduleDescription}</Field>
        </Stack>
        <Stack gap={4} style={{ flex: 'none' }}>
          <Text size="xs" c="dimmed" aria-live="polite">
            {loading
              ? 'Loading free dates ...'
              : open
                ? `${open.dates.length} date${open.dates.length === 1 ? '' : 's'} with ${open.durationMinutes} free minutes (${zoneText})`
                : 'No free dates'}
          </Text>
          <Calendar
            size="xs"
            date={month}
            onDateChange={onMonthChange}
            maxLevel="month"
            previousLabel="Previous month"
            nextLabel="Next month"
            getDayProps={(date) => ({ selected: openDates.has(date) })}
            getDayAriaLabel={(date) => `${formatDay(date)}${openDates.has(date) ? ', available' : ''}`}
            aria-label={`Available dates of ${name}`}
          />
        </Stack>
      </Group>
    </Paper>
  );
}
