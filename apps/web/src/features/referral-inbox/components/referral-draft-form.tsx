import { Alert, Group, NumberInput, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReferralDraft } from '@telecare/contracts/referral-inbox';
import { ReferralInboxText } from '@telecare/contracts/referral-inbox';
import { ageOn, weeksUntil } from '@telecare/domain/referral-inbox';
import { useSiteOptions, useSpecialistOptions } from '../../../lib/directory-lookups';
import { DraftClinicSection, DraftReferrerSection } from './draft-clinic-referrer';

type Client = NonNullable<ReferralDraft['client']>;
type Clinic = NonNullable<ReferralDraft['clinic']>;
type Referrer = NonNullable<ReferralDraft['referrer']>;
type Referral = NonNullable<ReferralDraft['referral']>;

const EMPTY_CLIENT: Client = {
  id: null,
  firstName: '',
  lastName: '',
  dateOfBirth: '',
  email: '',
  phoneNumberHome: '',
  phoneNumberMobile: '',
  dvaCardNumber: '',
  medicareCardNumber: '',
  medicareCardIRN: '',
  urn: '',
  addressResidential: { streetAddress: '', suburb: '', postcode: '', state: '' },
};
const EMPTY_CLINIC: Clinic = {
  id: null,
  name: '',
  street: '',
  suburb: '',
  postcode: '',
  state: '',
  email: '',
  phone: '',
  fax: '',
};
const EMPTY_REFERRER: Referrer = {
  id: null,
  title: '',
  firstName: '',
  lastName: '',
  providerNumber: '',
  phone: '',
  mobile: '',
  email: '',
  fax: '',
};
const EMPTY_REFERRAL: Referral = {
  practitionerId: null,
  startDate: '',
  expiredDate: '',
  expiredDateByMonth: null,
};

const today = () => new Date().toISOString().slice(0, 10);

/** The editable incoming-referral draft (AA §2): client, category, hospital, clinic, referrer, referral, weeks. */
export function ReferralDraftForm({
  draft,
  onChange,
  clientExisting,
}: {
  draft: ReferralDraft;
  onChange: (draft: ReferralDraft) => void;
  clientExisting: boolean;
}) {
  const sites = useSiteOptions();
  const specialists = useSpecialistOptions();
  const client = draft.client ?? EMPTY_CLIENT;
  const clinic = draft.clinic ?? EMPTY_CLINIC;
  const referrer = draft.referrer ?? EMPTY_REFERRER;
  const referral = draft.referral ?? EMPTY_REFERRAL;
  const setClient = (patch: Partial<Client>) => onChange({ ...draft, client: { ...client, ...patch } });
  const setAddress = (patch: Partial<Client['addressResidential']>) =>
    setClient({ addressResidential: { ...client.addressResidential, ...patch } });
  const setReferral = (patch: Partial<Referral>) =>
    onChange({ ...draft, referral: { ...referral, ...patch } });
  const age = client.dateOfBirth ? ageOn(today(), client.dateOfBirth) : null;

  return (
    <Stack gap="xs">
      {clientExisting && <Alert color="red">{ReferralInboxText.duplicateClient}</Alert>}
      <Title order={5}>Client</Title>
      <SimpleGrid cols={3} spacing="xs">
        <TextInput
          label="First name"
          value={client.firstName}
          onChange={(e) => setClient({ firstName: e.currentTarget.value })}
        />
        <TextInput
          label="Last name"
          value={client.lastName}
          onChange={(e) => setClient({ lastName: e.currentTarget.value })}
        />
        <TextInput
          label="Date of birth"
          placeholder="YYYY-MM-DD"
          value={client.dateOfBirth}
          description={age !== null ? `Age ${age}` : undefined}
          onChange={(e) => setClient({ dateOfBirth: e.currentTarget.value })}
        />
        <TextInput
          label="E-mail"
          value={client.email}
          onChange={(e) => setClient({ email: e.currentTarget.value })}
        />
        <TextInput
          label="Mobile"
          value={client.phoneNumberMobile}
          onChange={(e) => setClient({ phoneNumberMobile: e.currentTarget.value })}
        />
        <TextInput
          label="Home phone"
          value={client.phoneNumberHome}
          onChange={(e) => setClient({ phoneNumberHome: e.currentTarget.value })}
        />
        <TextInput
          label="Medicare number"
          value={client.medicareCardNumber}
          onChange={(e) => setClient({ medicareCardNumber: e.currentTarget.value })}
        />
        <TextInput
          label="Medicare IRN"
          value={client.medicareCardIRN}
          onChange={(e) => setClient({ medicareCardIRN: e.currentTarget.value })}
        />
        <TextInput
          label="DVA number"
          value={client.dvaCardNumber}
          onChange={(e) => setClient({ dvaCardNumber: e.currentTarget.value })}
        />
        <TextInput
          label="URN"
          value={client.urn}
          onChange={(e) => setClient({ urn: e.currentTarget.value })}
        />
        <TextInput
          label="Street address"
          value={client.addressResidential.streetAddress}
          onChange={(e) => setAddress({ streetAddress: e.currentTarget.value })}
        />
        <TextInput
          label="Suburb"
          value={client.addressResidential.suburb}
          onChange={(e) => setAddress({ suburb: e.currentTarget.value })}
        />
        <TextInput
          label="Postcode"
          value={client.addressResidential.postcode}
          onChange={(e) => setAddress({ postcode: e.currentTarget.value })}
        />
        <TextInput
          label="State"
          value={client.addressResidential.state}
          onChange={(e) => setAddress({ state: e.currentTarget.value })}
        />
      </SimpleGrid>
      <SimpleGrid cols={4} spacing="xs">
        <Select
          label="Category"
          data={['1', '2', '3', 'RC']}
          value={draft.category || null}
          onChange={(value) => onChange({ ...draft, category: (value ?? '') as ReferralDraft['category'] })}
        />
        <Select
          label="Hospital"
          data={(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
          value={draft.location?.locationId ?? null}
          onChange={(value) => {
            const site = sites.data?.find((s) => s.id === value);
            onChange({ ...draft, location: site ? { locationId: site.id, name: site.name } : null });
          }}
        />
        <NumberInput
          label="Weeks to appointment"
          min={0}
          value={draft.weeksToAppointment}
          onChange={(value) => onChange({ ...draft, weeksToAppointment: Math.max(0, Number(value) || 0) })}
        />
        <TextInput
          label="Weeks from a date"
          placeholder="YYYY-MM-DD"
          onChange={(e) => {
            const day = e.currentTarget.value;
            if (/^\d{4}-\d{2}-\d{2}$/.test(day))
              onChange({ ...draft, weeksToAppointment: weeksUntil(today(), day) });
          }}
        />
      </SimpleGrid>
      <DraftClinicSection clinic={clinic} onChange={(next) => onChange({ ...draft, clinic: next })} />
      <DraftReferrerSection
        referrer={referrer}
        clinicId={clinic.id}
        onChange={(next) => onChange({ ...draft, referrer: next })}
      />
      <Title order={5}>Referral</Title>
      <SimpleGrid cols={3} spacing="xs">
        <Select
          label="Practitioner"
          searchable
          data={(specialists.data ?? []).map((s) => ({
            value: s.id,
            label: `Dr ${s.firstName} ${s.lastName}`,
          }))}
          value={referral.practitionerId}
          onChange={(value) => setReferral({ practitionerId: value })}
        />
        <TextInput
          label="Start date"
          placeholder="YYYY-MM-DD"
          value={referral.startDate}
          onChange={(e) => setReferral({ startDate: e.currentTarget.value })}
        />
        <TextInput
          label="Expiry date"
          placeholder="YYYY-MM-DD"
          value={referral.expiredDate}
          disabled={referral.expiredDateByMonth !== null}
          onChange={(e) => setReferral({ expiredDate: e.currentTarget.value })}
        />
        <Select
          label="Expiry by month"
          clearable
          data={[
            { value: '3', label: '3 months' },
            { value: '12', label: '12 months' },
            { value: '0', label: 'Indefinite' },
          ]}
          value={referral.expiredDateByMonth === null ? null : String(referral.expiredDateByMonth)}
          onChange={(value) =>
            setReferral({ expiredDateByMonth: value === null ? null : (Number(value) as 0 | 3 | 12) })
          }
        />
      </SimpleGrid>
      <Group>
        <Text size="xs" c="dimmed">
          Read from the letter: check every field before saving.
        </Text>
      </Group>
    </Stack>
  );
}

export function blankDraft(): ReferralDraft {
  return {
    client: EMPTY_CLIENT,
    category: '',
    location: null,
    clinic: EMPTY_CLINIC,
    referrer: EMPTY_REFERRER,
    referral: EMPTY_REFERRAL,
    letterFile: null,
    weeksToAppointment: 0,
  };
}
