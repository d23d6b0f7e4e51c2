import { Anchor, Box, Group, Loader, NavLink, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { monthOf, todayIn } from '@telecare/domain/calendar';
import { useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { useAvailableDates, useSpecialitiesWithProfiles } from '../api/specialists';
import { SpecialistCard } from './specialist-card';

type Length = 'NEW' | 'REVIEW';
const LENGTHS = [
  { value: 'NEW', label: 'NEW' },
  { value: 'REVIEW', label: 'Review' },
];

/** Where a privileged user edits a profile (Settings > Admin > Practitioner Profile). */
export const profileEditorHref = (specialistId: string) =>
  `/admin/settings/practitioner-profile?specialist=${specialistId}`;

/**
 * /admin/specialists: specialities A-Z on the left; the chosen one's specialist cards on the right,
 * each with a month calendar of the dates that still have a free slot as long as the chosen NEW or
 * Review length. The chosen speciality is in the URL (?speciality=id).
 */
export function SpecialistsPage({ canEdit }: { canEdit: boolean }) {
  const page = useSpecialitiesWithProfiles();
  const [params, setParams] = useSearchParams();
  const [length, setLength] = useState<Length>('NEW');
  const [month, setMonth] = useState(() => monthOf(todayIn()));
  const specialities = page.data ?? [];
  const chosen = specialities.find((s) => s.id === params.get('speciality')) ?? specialities[0];
  const dates = useAvailableDates(
    chosen ? { month: month.slice(0, 7).replace('-', ''), type: length, specialityId: chosen.id } : null,
  );
  const openBySpecialist = new Map(dates.data?.specialists.map((s) => [s.specialistId, s]));

  return (
    <Box h="100%" style={{ display: 'flex', gap: 'var(--mantine-spacing-md)', minHeight: 0 }}>
      <title>Specialists · Telecare Staff</title>
      <Box
        component="nav"
        aria-label="Specialities"
        w={220}
        py="xs"
        style={{ flex: 'none', borderRight: '1px solid var(--mantine-color-gray-3)', overflowY: 'auto' }}
      >
        <Text size="xs" fw={700} c="gray.7" tt="uppercase" px="sm" py={4}>
          Specialities
        </Text>
        {specialities.map((speciality) => {
          const active = speciality.id === chosen?.id;
          return (
            <NavLink
              key={speciality.id}
              component="button"
              type="button"
              label={speciality.name}
              description={`${speciality.specialistProfiles.length} specialist${speciality.specialistProfiles.length === 1 ? '' : 's'}`}
              active={active}
              aria-current={active ? 'page' : undefined}
              onClick={() => setParams({ speciality: speciality.id }, { replace: true })}
              py={6}
            />
          );
        })}
      </Box>
      <Stack gap="sm" py="xs" style={{ flex: 1, minWidth: 0, overflowY: 'auto' }}>
        <Group justify="space-between" wrap="wrap">
          <Title order={1} fz="lg">
            Specialists{chosen ? ` · ${chosen.name}` : ''}
          </Title>
          <Group gap="xs">
            {dates.isFetching && <Loader size="xs" aria-label="Loading free dates" />}
            <SegmentedControl
              aria-label="Appointment length"
              data={LENGTHS}
              value={length}
              onChange={(value) => setLength(value as Length)}
            />
          </Group>
        </Group>
        {page.isPending ? (
          <PageLoader label="Loading specialists" />
        ) : page.isError ? (
          <ErrorAlert error={page.error} onRetry={() => void page.refetch()} />
        ) : !chosen ? (
          <Text size="sm">No Data</Text>
        ) : (
          <>
            {dates.isError && <ErrorAlert error={dates.error} onRetry={() => void dates.refetch()} />}
            {chosen.specialistProfiles.length === 0 && (
              <Text size="sm">No specialists have this speciality.</Text>
            )}
            {chosen.specialistProfiles.map((card) => (
              <SpecialistCard
                key={card.id}
                card={card}
                month={month}
                onMonthChange={(value) => setMonth(monthOf(value))}
                open={openBySpecialist.get(card.id)}
                loading={dates.isPending}
                action={
                  canEdit ? (
                    <Anchor component={Link} to={profileEditorHref(card.id)} size="sm" ml="auto">
                      Edit profile
                    </Anchor>
                  ) : undefined
                }
              />
            ))}
          </>
        )}
      </Stack>
    </Box>
  );
}
