import { Checkbox, Fieldset, Grid, Group, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import type { UseFormReturnType } from '@mantine/form';
import {
  AUSTRALIAN_STATES,
  CLIENT_CATEGORIES,
  CLIENT_GENDERS,
  CLIENT_TEXT_LIMITS,
  CLIENT_TITLES,
} from '@telecare/contracts/clients';
import { useMemo } from 'react';
import { errorMessage } from '../../../lib/api-client';
import {
  referrerLabel,
  specialistLabel,
  useClinicOptions,
  useReferrerOptions,
  useSiteOptions,
  useSpecialistOptions,
} from '../../../lib/directory-lookups';
import { useReferrerProviderNumber } from '../api/referrer-location';
import {
  type AddressValues,
  ageOf,
  type ClientFormValues,
  EXPIRY_BY_MONTH_OPTIONS,
} from './client-form-values';

/** Dense inputs: the whole form has to be usable on a 1366x768 screen. */
const FIELD = { size: 'xs' } as const;
const TITLE_OPTIONS = [...CLIENT_TITLES];
const GENDER_OPTIONS = [...CLIENT_GENDERS];
const STATE_OPTIONS = [...AUSTRALIAN_STATES];
const CATEGORY_OPTIONS = [...CLIENT_CATEGORIES];
const L = CLIENT_TEXT_LIMITS;
/** Long lookup lists: show the first matches only. */
const OPTION_LIMIT = 100;

export type ClientFormMode = 'edit' | 'create';

export interface ClientFormProps {
  form: UseFormReturnType<ClientFormValues>;
  /**
   * 'edit' (Edit Client) shows every section; 'create' (settings/create-client) hides category,
   * location (site), clinic, referrer and referral date.
   */
  mode: ClientFormMode;
  /** On the archived and history lists category and referral are read-only (spec §2). */
  referralLocked?: boolean;
}

type AddressPath = 'addressResidential' | 'addressPostal';

const PHONE_FIELDS = [
  { path: 'phoneNumberMobile', label: 'Mobile' },
  { path: 'phoneNumberHome', label: 'Home' },
  { path: 'phoneNumberWork', label: 'Work' },
  { path: 'phoneNumberFax', label: 'Fax' },
] as const;

/** The client form's sections (the spec's Client form), bound to a Mantine form. */
export function ClientForm({ form, mode, referralLocked = false }: ClientFormProps) {
  const editing = mode === 'edit';
  const { values } = form;
  const specialists = useSpecialistOptions();
  const clinics = useClinicOptions(editing);
  const referrers = useReferrerOptions(editing);
  const sites = useSiteOptions(editing);

  const specialistData = useMemo(
    () => (specialists.data ?? []).map((s) => ({ value: s.id, label: specialistLabel(s) })),
    [specialists.data],
  );
  const clinicData = useMemo(
    () => (clinics.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    [clinics.data],
  );
  const referrerData = useMemo(
    () => (referrers.data ?? []).map((r) => ({ value: r.id, label: referrerLabel(r) })),
    [referrers.data],
  );
  const siteData = useMemo(
    () => (sites.data ?? []).map((site) => ({ value: site.id, label: site.name })),
    [sites.data],
  );
  const age = ageOf(values.dateOfBirth);

  /** 'as above' copies the residential address; unticking keeps the copy as a start. */
  const changeSameAsResidential = (checked: boolean) => {
    // setFieldValue, not setValues: that would clear every error shown on the form.
    form.setFieldValue('postalSameAsResidential', checked);
    form.setFieldValue('addressPostal', { ...values.addressResidential });
    for (const key of Object.keys(values.addressPostal)) form.clearFieldError(`addressPostal.${key}`);
  };

  /** Expiry date and expiry by month are mutually exclusive: choosing one clears the other. */
  const changeExpiryDate = (value: string) => {
    form.setFieldValue('referral.expiredDate', value);
    if (value.trim() && values.referral.expiredDateByMonth !== null) {
      form.setFieldValue('referral.expiredDateByMonth', null);
      form.clearFieldError('referral.expiredDateByMonth');
    }
  };
  const changeExpiryByMonth = (value: string | null) => {
    form.setFieldValue('referral.expiredDateByMonth', value);
    if (value !== null && values.referral.expiredDate) {
      form.setFieldValue('referral.expiredDate', '');
      form.clearFieldError('referral.expiredDate');
    }
  };

  const address = (path: AddressPath, legend: string, locked: boolean) => {
    const shown: AddressValues = locked ? values.addressResidential : values[path];
    const props = (key: keyof AddressValues) => ({
      ...FIELD,
      ...form.getInputProps(`${path}.${key}`),
      ...(locked ? { value: shown[key] ?? (key === 'state' ? null : ''), error: undefined } : {}),
      disabled: locked,
    });
    return (
      <Fieldset legend={legend} variant="filled" p="xs">
        <Stack gap={6}>
          {path === 'addressPostal' && (
            <Checkbox
              size="xs"
              label="as above"
              checked={values.postalSameAsResidential}
              onChange={(event) => changeSameAsResidential(event.currentTarget.checked)}
            />
          )}
          <TextInput label="Street address" maxLength={L.streetAddress} {...props('streetAddress')} />
          <SimpleGrid cols={2} spacing={6} verticalSpacing={6}>
            <TextInput label="Suburb" maxLength={L.suburb} {...props('suburb')} />
            <TextInput label="Postcode" maxLength={4} inputMode="numeric" {...props('postcode')} />
            <Select label="State" data={STATE_OPTIONS} clearable {...props('state')} />
            <TextInput label="Country" maxLength={L.country} {...props('country')} />
          </SimpleGrid>
        </Stack>
      </Fieldset>
    );
  };

  const lookupError = (query: { isError: boolean; error: unknown }) =>
    query.isError ? errorMessage(query.error) : undefined;

  return (
    <Stack gap="sm">
      <Fieldset legend="Client" variant="filled" p="xs">
        <SimpleGrid cols={4} spacing="xs" verticalSpacing={6}>
          <Select {...FIELD} label="Title" data={TITLE_OPTIONS} clearable {...form.getInputProps('title')} />
          <TextInput
            {...FIELD}
            label="First name"
            withAsterisk
            maxLength={L.name}
            data-autofocus
            {...form.getInputProps('firstName')}
          />
          <TextInput
            {...FIELD}
            label="Last name"
            withAsterisk
            maxLength={L.name}
            {...form.getInputProps('lastName')}
          />
          <Group gap={6} align="flex-end" wrap="nowrap">
            <TextInput
              {...FIELD}
              label="DOB"
              placeholder="YYYY-MM-DD"
              withAsterisk
              maxLength={10}
              autoComplete="off"
              style={{ flex: 1 }}
              {...form.getInputProps('dateOfBirth')}
            />
            <Text size="xs" pb={6} miw={48} aria-live="polite" data-testid="client-age">
              {age !== undefined ? `Age ${age}` : ''}
            </Text>
          </Group>
          <Select
            {...FIELD}
            label="Gender"
            data={GENDER_OPTIONS}
            clearable
            {...form.getInputProps('gender')}
          />
          <TextInput
            {...FIELD}
            label="Client group"
            maxLength={L.clientGroupId}
            {...form.getInputProps('clientGroupId')}
          />
          <Select
            {...FIELD}
            label="Case manager"
            placeholder={specialists.isPending ? 'Loading ...' : 'Search specialists'}
            data={specialistData}
            searchable
            clearable
            limit={OPTION_LIMIT}
            nothingFoundMessage="Nothing found"
            {...form.getInputProps('practitionerId')}
            error={form.errors.practitionerId ?? lookupError(specialists)}
          />
          <TextInput
            {...FIELD}
            label="Email"
            type="email"
            maxLength={L.email}
            autoComplete="off"
            {...form.getInputProps('email')}
          />
          <TextInput {...FIELD} label="URN" maxLength={L.urn} {...form.getInputProps('urn')} />
        </SimpleGrid>
      </Fieldset>

      <SimpleGrid cols={editing ? 2 : 1} spacing="sm">
        {editing && (
          <Fieldset legend="Location" variant="filled" p="xs">
            <SimpleGrid cols={2} spacing="xs" verticalSpacing={6}>
              <Select
                {...FIELD}
                label="Site"
                placeholder="No site"
                data={siteData}
                searchable
                clearable
                {...form.getInputProps('site')}
              />
              <Select
                {...FIELD}
                label="Category"
                data={CATEGORY_OPTIONS}
                clearable
                disabled={referralLocked}
                {...form.getInputProps('category')}
              />
              <TextInput {...FIELD} label="FIN No." maxLength={L.finNo} {...form.getInputProps('finNo')} />
            </SimpleGrid>
          </Fieldset>
        )}
        <Fieldset legend="Phone numbers" variant="filled" p="xs">
          <SimpleGrid cols={4} spacing="xs" verticalSpacing={6}>
            {PHONE_FIELDS.map(({ path, label }) => (
              <TextInput
                key={path}
                {...FIELD}
                label={label}
                type="tel"
                maxLength={L.phone}
                {...form.getInputProps(path)}
              />
            ))}
          </SimpleGrid>
        </Fieldset>
      </SimpleGrid>

      <SimpleGrid cols={2} spacing="sm">
        {address('addressResidential', 'Residential address', false)}
        {address('addressPostal', 'Postal address', values.postalSameAsResidential)}
      </SimpleGrid>

      {editing && (
        <Grid gap="sm">
          <Grid.Col span={3}>
            <Fieldset legend="Clinic" variant="filled" p="xs" h="100%" disabled={referralLocked}>
              <Select
                {...FIELD}
                label="Clinic"
                placeholder={clinics.isPending ? 'Loading ...' : 'Search clinics'}
                data={clinicData}
                searchable
                clearable
                limit={OPTION_LIMIT}
                nothingFoundMessage="Nothing found"
                {...form.getInputProps('clinicId')}
                error={form.errors.clinicId ?? lookupError(clinics)}
              />
            </Fieldset>
          </Grid.Col>
          <Grid.Col span={3}>
            <Fieldset legend="Referrer" variant="filled" p="xs" h="100%" disabled={referralLocked}>
              <Select
                {...FIELD}
                label="Referrer"
                placeholder={referrers.isPending ? 'Loading ...' : 'Search referrers'}
                data={referrerData}
                searchable
                clearable
                limit={OPTION_LIMIT}
                nothingFoundMessage="Nothing found"
                {...form.getInputProps('referrerId')}
                error={form.errors.referrerId ?? lookupError(referrers)}
              />
              <ReferrerProviderNumber referrerId={form.values.referrerId} clinicId={form.values.clinicId} />
            </Fieldset>
          </Grid.Col>
          <Grid.Col span={6}>
            <Fieldset legend="Referral date" variant="filled" p="xs" h="100%" disabled={referralLocked}>
              <SimpleGrid cols={3} spacing="xs">
                <TextInput
                  {...FIELD}
                  label="Referral start date"
                  placeholder="YYYY-MM-DD"
                  maxLength={10}
                  autoComplete="off"
                  {...form.getInputProps('referral.startDate')}
                />
                <TextInput
                  {...FIELD}
                  label="Expiry date"
                  placeholder="YYYY-MM-DD"
                  maxLength={10}
                  autoComplete="off"
                  {...form.getInputProps('referral.expiredDate')}
                  onChange={(event) => changeExpiryDate(event.currentTarget.value)}
                />
                <Select
                  {...FIELD}
                  label="Expiry by month"
                  data={EXPIRY_BY_MONTH_OPTIONS}
                  clearable
                  {...form.getInputProps('referral.expiredDateByMonth')}
                  onChange={changeExpiryByMonth}
                />
              </SimpleGrid>
            </Fieldset>
          </Grid.Col>
          {referralLocked && (
            <Grid.Col span={12}>
              <Text size="xs" c="dimmed">
                Category, clinic, referrer and referral dates are read-only on the archived and history lists.
              </Text>
            </Grid.Col>
          )}
        </Grid>
      )}
    </Stack>
  );
}

/** The provider number of the chosen referrer at the chosen clinic; nothing when unknown or failed. */
function ReferrerProviderNumber({
  referrerId,
  clinicId,
}: {
  referrerId: string | null;
  clinicId: string | null;
}) {
  const providerNumber = useReferrerProviderNumber(referrerId, clinicId);
  if (!providerNumber) return null;
  return (
    <Text fz="xs" mt={4}>
      <Text span fz="xs" c="dimmed">
        Provider No.{' '}
      </Text>
      {providerNumber}
    </Text>
  );
}
