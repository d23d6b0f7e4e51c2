import {
  Button,
  Group,
  MultiSelect,
  Paper,
  Select,
  SimpleGrid,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core';
import { notifications } from '@mantine/notifications';
import { type Profile, ProfileRequestSchema } from '@telecare/contracts/specialists';
import { type FormEvent, useState } from 'react';
import { useSearchParams } from 'react-router';
import { ErrorAlert } from '../../../components/ui/error-alert';
import { PageLoader } from '../../../components/ui/page-loader';
import { ApiError, errorMessage } from '../../../lib/api-client';
import { specialistLabel, useSiteOptions, useSpecialistOptions } from '../../../lib/directory-lookups';
import { useProfile, useSpecialities, useUpdateProfile } from '../api/specialists';
import { formErrorsOf, formValuesOf, type ProfileFormValues, requestOf } from './profile-form-values';
import { ScheduleDescriptionEditor } from './schedule-description-editor';

/**
 * Settings > Admin > Practitioner Profile: choose a specialist (kept in the URL), edit their profile,
 * fees and video link, and their schedule description.
 */
export function PractitionerProfilePage() {
  const [params, setParams] = useSearchParams();
  const specialistId = params.get('specialist');
  const specialists = useSpecialistOptions();
  const profile = useProfile(specialistId);
  // Held here, above the keyed form, so that a save's notice is not lost when the form starts afresh.
  const update = useUpdateProfile();

  return (
    <Stack gap="sm" style={{ overflowY: 'auto' }}>
      <title>Practitioner Profile · Telecare Staff</title>
      <Title order={1} fz="lg">
        Practitioner Profile
      </Title>
      <Select
        label="Specialist"
        placeholder="Choose a specialist"
        maw={360}
        searchable
        data={(specialists.data ?? []).map((s) => ({ value: s.id, label: specialistLabel(s) }))}
        value={specialistId}
        onChange={(id) => setParams(id ? { specialist: id } : {}, { replace: true })}
        nothingFoundMessage="No specialists"
      />
      {!specialistId ? (
        <Text size="sm" c="dimmed">
          Choose a specialist to edit their profile.
        </Text>
      ) : profile.isPending ? (
        <PageLoader label="Loading profile" />
      ) : profile.isError ? (
        <ErrorAlert error={profile.error} onRetry={() => void profile.refetch()} />
      ) : (
        <>
          {/* A new specialist, or a profile saved here or elsewhere, starts the form afresh; a failed save keeps what was typed. */}
          <ProfileForm
            key={`${profile.data.id} ${JSON.stringify(formValuesOf(profile.data))}`}
            profile={profile.data}
            update={update}
          />
          <ScheduleDescriptionEditor specialistId={specialistId} />
        </>
      )}
    </Stack>
  );
}

function ProfileForm({ profile, update }: { profile: Profile; update: ReturnType<typeof useUpdateProfile> }) {
  const saved = formValuesOf(profile);
  const [values, setValues] = useState(saved);
  const [errors, setErrors] = useState<Partial<Record<keyof ProfileFormValues, string>>>({});
  const specialities = useSpecialities();
  const sites = useSiteOptions();
  const changed = JSON.stringify(values) !== JSON.stringify(saved);

  const set =
    <K extends keyof ProfileFormValues>(key: K) =>
    (value: ProfileFormValues[K]) => {
      setValues((current) => ({ ...current, [key]: value }));
      setErrors((current) => ({ ...current, [key]: undefined }));
    };
  const text = (key: keyof ProfileFormValues) => ({
    value: values[key] as string,
    error: errors[key],
    onChange: (event: { currentTarget: { value: string } }) => set(key)(event.currentTarget.value as never),
  });

  const save = (event: FormEvent) => {
    event.preventDefault();
    const request = requestOf(values);
    const checked = ProfileRequestSchema.safeParse(request);
    if (!checked.success) {
      const fieldErrors: Record<string, string[]> = {};
      for (const issue of checked.error.issues) {
        const path = issue.path.join('.');
        fieldErrors[path] = [...(fieldErrors[path] ?? []), issue.message];
      }
      setErrors(formErrorsOf(fieldErrors));
      return;
    }
    update.mutate(
      { id: profile.id, ...request },
      {
        onSuccess: (savedProfile) => {
          // What the server kept (trimmed), so the form is clean even when nothing changed.
          setValues(formValuesOf(savedProfile));
          notifications.show({ color: 'green', message: 'Profile saved.' });
        },
        onError: (error) => {
          if (error instanceof ApiError && error.fieldErrors) setErrors(formErrorsOf(error.fieldErrors));
          notifications.show({ color: 'red', title: 'Save failed', message: errorMessage(error) });
        },
      },
    );
  };

  return (
    <Paper withBorder p="md" radius="sm" maw={900}>
      <form onSubmit={save} noValidate aria-label="Practitioner profile">
        <Stack gap="sm">
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="First name" required {...text('firstName')} />
            <TextInput label="Last name" required {...text('lastName')} />
            <MultiSelect
              label="Specialities"
              required
              searchable
              data={(specialities.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={values.specialityIds}
              onChange={set('specialityIds')}
              error={errors.specialityIds}
            />
            <TextInput label="Title" placeholder="Consultant Physician" {...text('title')} />
            <TextInput label="Qualification" {...text('qualification')} />
            <TextInput label="Language" {...text('language')} />
            <TextInput
              label="Avatar link"
              description="An image address; initials are shown when empty."
              {...text('avatarLink')}
            />
            <MultiSelect
              label="Published to"
              searchable
              data={(sites.data ?? []).map((s) => ({ value: s.id, label: s.name }))}
              value={values.publishedTo}
              onChange={set('publishedTo')}
              error={errors.publishedTo}
            />
          </SimpleGrid>
          <Textarea
            label="Profile"
            description="One paragraph a line."
            required
            autosize
            minRows={3}
            {...text('profile')}
          />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Textarea label="Skills" description="One a line." autosize minRows={2} {...text('skills')} />
            <Textarea
              label="Specialist rules"
              description="One a line."
              autosize
              minRows={2}
              {...text('specialistRules')}
            />
          </SimpleGrid>
          {(['initial', 'review'] as const).map((kind) => (
            <fieldset key={kind} style={{ border: 'none', padding: 0, margin: 0 }}>
              <Text component="legend" size="sm" fw={600} mb={4}>
                {kind === 'initial' ? 'Initial fee' : 'Review fee'}
              </Text>
              <SimpleGrid cols={{ base: 1, sm: 3 }}>
                <TextInput label="Total" required inputMode="decimal" {...text(`${kind}Total`)} />
                <TextInput label="Medicare rebate" inputMode="decimal" {...text(`${kind}Rebate`)} />
                <TextInput
                  label="Out of pocket"
                  description="Total minus rebate when empty."
                  inputMode="decimal"
                  {...text(`${kind}OutOfPocket`)}
                />
              </SimpleGrid>
            </fieldset>
          ))}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Video link" {...text('videoLink')} />
            <TextInput label="Video id" {...text('videoId')} />
          </SimpleGrid>
          <Group justify="flex-end">
            <Button type="submit" disabled={!changed} loading={update.isPending}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
