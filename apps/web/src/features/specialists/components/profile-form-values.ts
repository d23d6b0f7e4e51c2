import type { Profile, ProfileRequest } from '@telecare/contracts/specialists';

/** The profile editor's fields as typed: list fields as text, one item a line. */
export type ProfileFormValues = {
  firstName: string;
  lastName: string;
  specialityIds: string[];
  title: string;
  qualification: string;
  language: string;
  skills: string;
  profile: string;
  avatarLink: string;
  specialistRules: string;
  publishedTo: string[];
  initialTotal: string;
  initialRebate: string;
  initialOutOfPocket: string;
  reviewTotal: string;
  reviewRebate: string;
  reviewOutOfPocket: string;
  videoLink: string;
  videoId: string;
};

export function formValuesOf(profile: Profile): ProfileFormValues {
  return {
    firstName: profile.firstName,
    lastName: profile.lastName,
    specialityIds: profile.specialityIds,
    title: profile.title ?? '',
    qualification: profile.qualification ?? '',
    language: profile.language ?? '',
    skills: profile.skills.join('\n'),
    profile: profile.profile.join('\n'),
    avatarLink: profile.avatarLink ?? '',
    specialistRules: profile.specialistRules.join('\n'),
    publishedTo: profile.publishedTo,
    initialTotal: profile.initialFee?.total ?? '',
    initialRebate: profile.initialFee?.medicareRebate ?? '',
    initialOutOfPocket: profile.initialFee?.outOfPocket ?? '',
    reviewTotal: profile.reviewFee?.total ?? '',
    reviewRebate: profile.reviewFee?.medicareRebate ?? '',
    reviewOutOfPocket: profile.reviewFee?.outOfPocket ?? '',
    videoLink: profile.videoLink ?? '',
    videoId: profile.videoId ?? '',
  };
}

export function requestOf(values: ProfileFormValues): ProfileRequest {
  return {
    firstName: values.firstName,
    lastName: values.lastName,
    specialityIds: values.specialityIds,
    title: values.title,
    qualification: values.qualification,
    language: values.language,
    skills: values.skills,
    profile: values.profile,
    avatarLink: values.avatarLink,
    specialistRules: values.specialistRules,
    publishedTo: values.publishedTo,
    initialFee: {
      total: values.initialTotal,
      medicareRebate: values.initialRebate,
      outOfPocket: values.initialOutOfPocket,
    },
    reviewFee: {
      total: values.reviewTotal,
      medicareRebate: values.reviewRebate,
      outOfPocket: values.reviewOutOfPocket,
    },
    videoLink: values.videoLink,
    videoId: values.videoId,
  };
}

/** The request's error paths (server or client) as the form's field names. */
const FIELD_OF_PATH: Record<string, keyof ProfileFormValues> = {
  'initialFee.total': 'initialTotal',
  'initialFee.medicareRebate': 'initialRebate',
  'initialFee.outOfPocket': 'initialOutOfPocket',
  'reviewFee.total': 'reviewTotal',
  'reviewFee.medicareRebate': 'reviewRebate',
  'reviewFee.outOfPocket': 'reviewOutOfPocket',
};

export function formErrorsOf(fieldErrors: Record<string, string[]>) {
  const errors: Partial<Record<keyof ProfileFormValues, string>> = {};
  for (const [path, messages] of Object.entries(fieldErrors)) {
    const field = FIELD_OF_PATH[path] ?? (path.split('.')[0] as keyof ProfileFormValues);
    errors[field] ??= messages[0];
  }
  return errors;
}
