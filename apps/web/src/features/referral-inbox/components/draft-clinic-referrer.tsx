import { type OptionsFilter, Select, SimpleGrid, TextInput, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import type { ClinicMatch, ReferralDraft, ReferrerMatch } from '@telecare/contracts/referral-inbox';
import { useEffect, useState } from 'react';
import { useClinicSearch, useReferrerLocationNumber, useReferrerSearch } from '../api/referral-inbox-api';

export type DraftClinic = NonNullable<ReferralDraft['clinic']>;
export type DraftReferrer = NonNullable<ReferralDraft['referrer']>;

const SEARCH_DELAY_MS = 250;
/** The server already matched the text (name, suburb, postcode, provider number): show its answer as is. */
const serverFiltered: OptionsFilter = ({ options }) => options;

const clinicLabel = (c: ClinicMatch) =>
  [c.name, [c.suburb, c.postcode].filter(Boolean).join(' ')].filter(Boolean).join(' · ');
const referrerLabel = (r: ReferrerMatch) =>
  [r.title, r.firstName, r.lastName].filter(Boolean).join(' ') +
  (r.providerNumber ? ` (${r.providerNumber})` : '');

/** Options from the search, plus the chosen record so its label stays while other text is typed. */
function optionsOf<T extends { id: string }>(
  found: T[] | undefined,
  chosen: T | null,
  label: (row: T) => string,
) {
  const rows = [...(found ?? [])];
  if (chosen && !rows.some((row) => row.id === chosen.id)) rows.unshift(chosen);
  return rows.map((row) => ({ value: row.id, label: label(row) }));
}

/** The draft's clinic: search an existing one (every field filled from it) or type a new one. */
export function DraftClinicSection({
  clinic,
  onChange,
}: {
  clinic: DraftClinic;
  onChange: (clinic: DraftClinic) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const found = useClinicSearch(debounced);
  const chosen: ClinicMatch | null = clinic.id ? { ...clinic, id: clinic.id } : null;
  const set = (patch: Partial<DraftClinic>) => onChange({ ...clinic, ...patch });
  const field = (label: string, key: keyof Omit<DraftClinic, 'id'>) => (
    <TextInput
      label={label}
      value={clinic[key]}
      disabled={Boolean(clinic.id)}
      onChange={(e) => set({ [key]: e.currentTarget.value })}
    />
  );
  return (
    <>
      <Title order={5}>Clinic</Title>
      <SimpleGrid cols={3} spacing="xs">
        <Select
          label="Existing clinic"
          placeholder="Search name, suburb or postcode"
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          filter={serverFiltered}
          nothingFoundMessage={debounced ? 'No clinic found' : undefined}
          data={optionsOf(found.data, chosen, clinicLabel)}
          value={clinic.id}
          onChange={(value) => {
            const match = found.data?.find((c) => c.id === value);
            onChange(match ? { ...match } : { ...clinic, id: null });
          }}
        />
        {field('Clinic name', 'name')}
        {field('Clinic street', 'street')}
        {field('Clinic suburb', 'suburb')}
        {field('Clinic postcode', 'postcode')}
        {field('Clinic state', 'state')}
        {field('Clinic e-mail', 'email')}
        {field('Clinic phone', 'phone')}
        {field('Clinic fax', 'fax')}
      </SimpleGrid>
    </>
  );
}

/**
 * The draft's referrer: search an existing one (at the chosen clinic, when there is one) or type a
 * new one. With both chosen, the provider number is the referrer's location at that clinic (K8).
 */
export function DraftReferrerSection({
  referrer,
  clinicId,
  onChange,
}: {
  referrer: DraftReferrer;
  clinicId: string | null;
  onChange: (referrer: DraftReferrer) => void;
}) {
  const [search, setSearch] = useState('');
  const [debounced] = useDebouncedValue(search, SEARCH_DELAY_MS);
  const found = useReferrerSearch(debounced, clinicId);
  const locationNumber = useReferrerLocationNumber(referrer.id, clinicId).data;
  const chosen: ReferrerMatch | null = referrer.id ? { ...referrer, id: referrer.id } : null;
  const set = (patch: Partial<DraftReferrer>) => onChange({ ...referrer, ...patch });

  useEffect(() => {
    if (referrer.id && locationNumber && locationNumber !== referrer.providerNumber)
      onChange({ ...referrer, providerNumber: locationNumber });
  }, [referrer, locationNumber, onChange]);

  const field = (label: string, key: keyof Omit<DraftReferrer, 'id'>) => (
    <TextInput
      label={label}
      value={referrer[key]}
      disabled={Boolean(referrer.id)}
      onChange={(e) => set({ [key]: e.currentTarget.value })}
    />
  );
  return (
    <>
      <Title order={5}>Referrer</Title>
      <SimpleGrid cols={3} spacing="xs">
        <Select
          label="Existing referrer"
          placeholder="Search name or provider number"
          searchable
          clearable
          searchValue={search}
          onSearchChange={setSearch}
          filter={serverFiltered}
          nothingFoundMessage={debounced ? 'No referrer found' : undefined}
          data={optionsOf(found.data, chosen, referrerLabel)}
          value={referrer.id}
          onChange={(value) => {
            const match = found.data?.find((r) => r.id === value);
            onChange(match ? { ...match } : { ...referrer, id: null });
          }}
        />
        {field('Referrer title', 'title')}
        {field('Referrer first name', 'firstName')}
        {field('Referrer last name', 'lastName')}
        {field('Provider number', 'providerNumber')}
        {field('Referrer phone', 'phone')}
        {field('Referrer mobile', 'mobile')}
        {field('Referrer e-mail', 'email')}
        {field('Referrer fax', 'fax')}
      </SimpleGrid>
    </>
  );
}
