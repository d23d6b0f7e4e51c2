/** The demo directory: specialities, specialists and their schedules, clinics, referrers, sites, clients, users. */
import { addDays, addMonths, weekdayOf } from '@telecare/domain/calendar';
import { toMinutes } from '@telecare/domain/slots';
import type {
  clientAddresses,
  clients,
  clinicPreferences,
  clinics,
  practitionerPermissions,
  practitionerPreferences,
  referrerLocations,
  referrers,
  sites,
  specialistAvailability,
  specialistProfiles,
  specialistSpecialities,
  specialistStaffAssignments,
  specialists,
  specialistTimeslots,
  specialities,
  users,
} from '../schema/index.ts';
import { FEMALE_FIRST_NAMES, LAST_NAMES, MALE_FIRST_NAMES, UNISEX_FIRST_NAMES } from './australian-names.ts';
import {
  CLINIC_PREFIXES,
  CLINIC_PREFIXES_BY_STATE,
  CLINIC_SUFFIXES,
  METRO_SUBURBS,
  SITES,
  STATE_AREA_CODES,
  STATE_TIMEZONES,
  STATE_WEIGHTS,
  STREET_NAMES,
  STREET_TYPES,
  type StateCode,
  SUBURBS,
  type Suburb,
  timezoneOfPostcode,
} from './australian-places.ts';
import { isWeekday } from './dates.ts';
import { Random } from './random.ts';
import {
  APPOINTMENT_LENGTHS,
  LANGUAGES,
  QUALIFICATION_EXTRAS,
  QUALIFICATION_PREFIXES,
  SESSION_PATTERNS,
  SPECIALIST_RULES,
  SPECIALITIES,
} from './reference-data.ts';

export type DemoContext = {
  rng: Random;
  /** Ids come from their own stream so adding a record does not shift every later choice. */
  ids: Random;
  now: Date;
  /** Today's date in Australia/Melbourne. */
  today: string;
};

type WithId<T> = T & { id: string };
export type Row<T extends { $inferInsert: object }> = T['$inferInsert'];

export type SpecialistSeed = WithId<Row<typeof specialists>> & {
  timezone: string;
  newAppointmentMinutes: number;
  reviewAppointmentMinutes: number;
  specialityNames: string[];
  paediatric: boolean;
};
export type ClinicSeed = WithId<Row<typeof clinics>> & {
  state: StateCode;
  communicationMethod: string | null;
};
export type ReferrerLocationSeed = WithId<Row<typeof referrerLocations>> & { clinic: ClinicSeed };
export type ReferrerSeed = WithId<Row<typeof referrers>> & {
  locations: ReferrerLocationSeed[];
  displayName: string;
};
export type SiteSeed = WithId<Row<typeof sites>>;
export type ClientSeed = WithId<Row<typeof clients>> & {
  dateOfBirth: string;
  age: number;
  gender: 'Female' | 'Male';
  state: StateCode;
  postcode: string;
  timezone: string;
};
export type UserSeed = WithId<Row<typeof users>>;
/** One free stretch of a specialist's day, in minutes from midnight in the specialist's zone. */
export type SessionSeed = { specialistId: string; date: string; start: number; end: number };

export type Directory = {
  specialities: WithId<Row<typeof specialities>>[];
  specialists: SpecialistSeed[];
  specialistSpecialities: Row<typeof specialistSpecialities>[];
  specialistProfiles: Row<typeof specialistProfiles>[];
  practitionerPermissions: Row<typeof practitionerPermissions>[];
  practitionerPreferences: Row<typeof practitionerPreferences>[];
  availability: Row<typeof specialistAvailability>[];
  timeslots: Row<typeof specialistTimeslots>[];
  sessions: SessionSeed[];
  clinics: ClinicSeed[];
  clinicPreferences: Row<typeof clinicPreferences>[];
  referrers: ReferrerSeed[];
  referrerLocations: ReferrerLocationSeed[];
  sites: SiteSeed[];
  clients: ClientSeed[];
  clientAddresses: Row<typeof clientAddresses>[];
  users: UserSeed[];
  staffAssignments: Row<typeof specialistStaffAssignments>[];
  /** Users who coordinate work: the TELECARE_ADMIN accounts (not disabled) and the supervisor. */
  coordinators: UserSeed[];
  postcodes: Map<string, string>;
};

const SPECIALIST_COUNT = 18;
const CLINIC_COUNT = 40;
const REFERRER_COUNT = 60;
const CLIENT_COUNT = 300;

// ---------------------------------------------------------------------------------------------
// Small generators

export const slug = (text: string) => text.toLowerCase().replace(/[^a-z0-9]/g, '');

export function mobileNumber(rng: Random) {
  return `+614${rng.digits(8)}`;
}

export function landline(rng: Random, state: StateCode) {
  return `+61${STATE_AREA_CODES[state]}${rng.int(4, 9)}${rng.digits(7)}`;
}

/** A 10-digit number that passes the Medicare card check-digit rule. */
function medicareNumber(rng: Random) {
  const digits = [rng.int(2, 6), ...Array.from({ length: 7 }, () => rng.int(0, 9))];
  const weights = [1, 3, 7, 9, 1, 3, 7, 9];
  const check = digits.reduce((sum, d, i) => sum + d * (weights[i] ?? 0), 0) % 10;
  return `${digits.join('')}${check}${rng.int(1, 9)}`;
}

const PROVIDER_LOCATION_CHARS = '0123456789ABCDEFGHJKLMNPQRTUVWXY';
/** A provider number (6-digit stem, practice location character, check character). */
function providerNumber(stem: string, location: number) {
  const weights = [3, 5, 8, 4, 2, 1];
  const sum = stem.split('').reduce((acc, d, i) => acc + Number(d) * (weights[i] ?? 0), 0) + location * 6;
  return `${stem}${PROVIDER_LOCATION_CHARS[location]}${'YXWTLKJHFBA'[sum % 11]}`;
}

function pickState(rng: Random): StateCode {
  return rng.weighted(STATE_WEIGHTS);
}

function pickSuburb(rng: Random, state: StateCode = pickState(rng)): Suburb {
  return rng.pick(SUBURBS.filter((s) => s.state === state));
}

function streetAddress(rng: Random) {
  const number = rng.chance(0.15) ? `${rng.int(1, 12)}/${rng.int(1, 180)}` : String(rng.int(1, 320));
  return `${number} ${rng.pick(STREET_NAMES)} ${rng.pick(STREET_TYPES)}`;
}

function firstName(rng: Random, gender: 'Female' | 'Male') {
  if (rng.chance(0.04)) return rng.pick(UNISEX_FIRST_NAMES);
  return rng.pick(gender === 'Female' ? FEMALE_FIRST_NAMES : MALE_FIRST_NAMES);
}

/** Invented people with distinct names. */
/** Availability runs a full year ahead of the first start; demo appointments use the first eight weeks. */
const AVAILABILITY_DAYS = 366;
const BOOKED_DAYS = 56;

function uniquePeople(rng: Random, count: number, taken = new Set<string>()) {
  const people: { firstName: string; lastName: string; gender: 'Female' | 'Male' }[] = [];
  while (people.length < count) {
    const gender = rng.chance(0.5) ? 'Female' : 'Male';
    const person = { firstName: firstName(rng, gender), lastName: rng.pick(LAST_NAMES), gender } as const;
    const key = `${person.firstName} ${person.lastName}`;
    if (taken.has(key)) continue;
    taken.add(key);
    people.push(person);
  }
  return people;
}

const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'];

function cents(amount: number) {
  return (Math.round(amount * 100) / 100).toFixed(2);
}

// ---------------------------------------------------------------------------------------------

export function buildDirectory(ctx: DemoContext, passwordHash: string): Directory {
  const { rng, ids, now, today } = ctx;
  const takenNames = new Set<string>();

  const specialityRows = SPECIALITIES.map((s) => ({
    id: ids.uuid(),
    name: s.name,
    publishedTo: [] as string[],
  }));
  const specialityIdByName = new Map(specialityRows.map((s) => [s.name, s.id]));

  const siteRows: SiteSeed[] = SITES.map((site, i) => ({
    id: ids.uuid(),
    externalId: `LOC-${100 + i}`,
    name: site.name,
    state: site.state,
    sortOrder: i < 2 ? i : 100,
  }));
  const siteIdByName = new Map(siteRows.map((site) => [site.name, site.id]));

  // Specialists, spread over the states, each in the zone of their state.
  const specialistStates: StateCode[] = [
    'QLD',
    'NSW',
    'VIC',
    'QLD',
    'NSW',
    'VIC',
    'WA',
    'SA',
    'QLD',
    'NSW',
    'VIC',
    'TAS',
    'QLD',
    'NT',
    'NSW',
    'VIC',
    'WA',
    'SA',
  ];
  const specialistPeople = uniquePeople(rng, SPECIALIST_COUNT, takenNames);
  const specialistRows: SpecialistSeed[] = [];
  const specialistSpecialityRows: Row<typeof specialistSpecialities>[] = [];
  const profileRows: Row<typeof specialistProfiles>[] = [];
  const permissionRows: Row<typeof practitionerPermissions>[] = [];
  const preferenceRows: Row<typeof practitionerPreferences>[] = [];
  const availabilityRows: Row<typeof specialistAvailability>[] = [];
  const timeslotRows: Row<typeof specialistTimeslots>[] = [];
  const sessions: SessionSeed[] = [];
  const nonPaediatric = SPECIALITIES.filter((s) => s.name !== 'Paediatrics');

  specialistPeople.forEach((person, i) => {
    const primary = SPECIALITIES[i % SPECIALITIES.length] ?? nonPaediatric[0];
    if (!primary) throw new Error('no specialities');
    const paediatric = primary.name === 'Paediatrics';
    const specialityInfos = [primary];
    if (!paediatric && rng.chance(0.3)) {
      specialityInfos.push(rng.pick(nonPaediatric.filter((s) => s.name !== primary.name)));
    }
    const state = specialistStates[i] ?? 'VIC';
    const timezone = STATE_TIMEZONES[state];
    const [newMinutes, reviewMinutes] = rng.pick(APPOINTMENT_LENGTHS);
    const practitionerId = `PR-${1001 + i}`;
    const specialist: SpecialistSeed = {
      id: ids.uuid(),
      practitionerId,
      title: 'Dr',
      firstName: person.firstName,
      lastName: person.lastName,
      email: `${slug(person.firstName)}.${slug(person.lastName)}@telecare.example`,
      state,
      timezone,
      newAppointmentMinutes: newMinutes,
      reviewAppointmentMinutes: reviewMinutes,
      videoLink: `https://meet.telecare.example/${practitionerId.toLowerCase()}`,
      videoId: rng.digits(10),
      active: true,
      specialityNames: specialityInfos.map((s) => s.name),
      paediatric,
    };
    specialistRows.push(specialist);
    for (const info of specialityInfos) {
      specialistSpecialityRows.push({
        specialistId: specialist.id,
        specialityId: specialityIdByName.get(info.name) ?? '',
      });
    }

    // Weekly pattern: 1-3 fixed weekdays, with the odd week swapped.
    const baseDays = rng.sample([1, 2, 3, 4, 5], rng.int(1, 3)).sort();
    const pattern = rng.pick(SESSION_PATTERNS);
    // The first eight weeks draw from the demo's random sequence (the demo appointments are placed in
    // them); the rest of the year ahead from one of its own, so the rest of the demo stays as it was.
    const yearAhead = new Random(0x5c4ed + i);
    for (let offset = 0; offset < AVAILABILITY_DAYS; offset++) {
      const date = addDays(today, offset);
      const near = offset < BOOKED_DAYS;
      const r = near ? rng : yearAhead;
      if (!isWeekday(date)) continue;
      const weekday = weekdayOf(date);
      const works = baseDays.includes(weekday) ? !r.chance(0.08) : r.chance(0.04);
      if (!works) continue;
      const availabilityId = (near ? ids : yearAhead).uuid();
      availabilityRows.push({
        id: availabilityId,
        specialistId: specialist.id,
        fullDate: date,
        timezone,
        isPrivate: r.chance(0.05),
      });
      const daySessions = r.chance(0.85) ? pattern : r.pick(SESSION_PATTERNS);
      for (const [start, end] of daySessions) {
        // The tenant's only room (AA §9 'Room 1: Own Device'), the one its room list offers.
        const room = 1;
        const id = (near ? ids : yearAhead).uuid();
        timeslotRows.push({ id, availabilityId, startTime: start, endTime: end, room });
        // Demo appointments are placed in the first eight weeks only.
        if (!near) continue;
        sessions.push({
          specialistId: specialist.id,
          date,
          start: toMinutes(start),
          end: toMinutes(end),
        });
      }
    }

    const fee = (total: number, rebate: number) => ({
      total: cents(total),
      medicareRebate: cents(rebate),
      outOfPocket: cents(total - rebate),
    });
    const initialTotal = rng.pick([380, 420, 450, 480, 520]);
    const reviewTotal = rng.pick([180, 200, 220, 250]);
    const extra = rng.pick(QUALIFICATION_EXTRAS);
    profileRows.push({
      specialistId: specialist.id,
      title: primary.profileTitle,
      qualification: [rng.pick(QUALIFICATION_PREFIXES), primary.fellowship, extra].filter(Boolean).join(', '),
      language: rng.pick(LANGUAGES),
      skills: rng.sample(
        specialityInfos.flatMap((s) => s.skills),
        rng.int(3, 5),
      ),
      profile: [
        `Dr ${person.firstName} ${person.lastName} is a ${primary.profileTitle.toLowerCase().replace('consultant ', '')} ` +
          `with a special interest in ${primary.focus}.`,
        `${person.gender === 'Female' ? 'She' : 'He'} has consulted by telehealth with patients in regional and remote ` +
          `communities for more than ${rng.int(3, 15)} years and works closely with local GPs and hospital teams.`,
      ],
      avatarLink: null,
      specialistRules: rng.sample(SPECIALIST_RULES, paediatric ? 0 : rng.int(0, 2)),
      // Site ids (docs/decisions/0028).
      publishedTo: [
        'Own Device',
        ...rng.sample(
          SITES.slice(1, -1).map((s) => s.name),
          rng.int(1, 4),
        ),
      ].map((name) => siteIdByName.get(name) ?? ''),
      initialFee: fee(initialTotal, rng.pick([234.85, 167.4, 150.65])),
      reviewFee: fee(reviewTotal, rng.pick([134.3, 84.25, 67.2])),
      scheduleDescription: `${baseDays.map((d) => WEEKDAY_NAMES[d]).join(', ')}; ${pattern
        .map(([s, e]) => `${s}-${e}`)
        .join(' and ')} (${timezone.replace('Australia/', '')} time)`,
    });
    permissionRows.push({
      specialistId: specialist.id,
      newAppointmentEmail: rng.chance(0.7),
      reviewAppointmentEmail: rng.chance(0.4),
      prebookingNotification: rng.chance(0.5),
      needsReviewEmail: rng.chance(0.3),
      needsNotificationEmail: rng.chance(0.3),
    });
    preferenceRows.push({
      specialistId: specialist.id,
      state,
      clinicianPreference: rng.pick([
        null,
        'New patients in the morning sessions',
        'Prefers GP to be present for new patients',
        'Reviews can be booked back to back',
        'No bookings in the last 15 minutes of a session',
      ]),
    });
  });

  // A speciality is published to the sites its specialists are published to.
  for (const speciality of specialityRows) {
    const sitesOfSpeciality = new Set<string>();
    for (const link of specialistSpecialityRows) {
      if (link.specialityId !== speciality.id) continue;
      const profile = profileRows.find((row) => row.specialistId === link.specialistId);
      for (const siteId of profile?.publishedTo ?? []) sitesOfSpeciality.add(siteId);
    }
    speciality.publishedTo = siteRows.filter((site) => sitesOfSpeciality.has(site.id)).map((site) => site.id);
  }

  // Clinics.
  const prefixesOf = (state: StateCode) => [...CLINIC_PREFIXES, ...(CLINIC_PREFIXES_BY_STATE[state] ?? [])];
  const clinicRows: ClinicSeed[] = [];
  const clinicPreferenceRows: Row<typeof clinicPreferences>[] = [];
  const clinicNames = new Set<string>();
  while (clinicRows.length < CLINIC_COUNT) {
    const place = clinicRows.length === 0 ? pickSuburb(rng, 'QLD') : pickSuburb(rng);
    const name =
      clinicRows.length === 0
        ? 'Bayside Family Medical Centre'
        : `${rng.chance(0.5) ? rng.pick(prefixesOf(place.state)) : place.suburb} ${rng.pick(CLINIC_SUFFIXES)}`;
    if (clinicNames.has(name)) continue;
    clinicNames.add(name);
    const communicationMethod = rng.chance(0.6) ? rng.pick(['coreplus', 'skype', 'zoom', 'phone']) : null;
    const clinic: ClinicSeed = {
      id: ids.uuid(),
      externalId: `CL-${2001 + clinicRows.length}`,
      name,
      street: streetAddress(rng),
      suburb: place.suburb,
      postcode: place.postcode,
      state: place.state,
      email: `reception@${slug(name)}.example.org`,
      phone: landline(rng, place.state),
      fax: landline(rng, place.state),
      communicationMethod,
    };
    clinicRows.push(clinic);
    if (communicationMethod) {
      clinicPreferenceRows.push({
        clinicId: clinic.id,
        communicationMethod,
        areaType: METRO_SUBURBS.has(place.suburb) ? 'metro' : 'rural',
        note: rng.pick([
          null,
          null,
          'Send letters by fax',
          'Practice manager prefers e-mail',
          'Nurse can assist with video',
        ]),
      });
    }
  }

  // Referrers (GPs) working at one or two clinics.
  const referrerRows: ReferrerSeed[] = [];
  const locationRows: ReferrerLocationSeed[] = [];
  for (const person of uniquePeople(rng, REFERRER_COUNT, takenNames)) {
    const stem = String(rng.int(200000, 499999));
    const home = rng.pick(clinicRows);
    const clinicsOfReferrer = [home];
    if (rng.chance(0.4)) {
      const sameState = clinicRows.filter((c) => c.state === home.state && c.id !== home.id);
      clinicsOfReferrer.push(
        rng.pick(sameState.length > 0 ? sameState : clinicRows.filter((c) => c.id !== home.id)),
      );
    }
    const referrerId = ids.uuid();
    const email = (clinic: ClinicSeed) => `dr.${slug(person.lastName)}@${slug(clinic.name)}.example.org`;
    const locations = clinicsOfReferrer.map(
      (clinic, i): ReferrerLocationSeed => ({
        id: ids.uuid(),
        referrerId,
        clinicId: clinic.id,
        providerNumber: providerNumber(stem, rng.int(1, 9) + i * 10),
        email: email(clinic),
        clinic,
      }),
    );
    const referrer: ReferrerSeed = {
      id: referrerId,
      externalId: `RF-${3001 + referrerRows.length}`,
      title: 'Dr',
      firstName: person.firstName,
      lastName: person.lastName,
      providerNumber: locations[0]?.providerNumber ?? null,
      phone: home.phone,
      mobile: rng.chance(0.5) ? mobileNumber(rng) : null,
      email: email(home),
      fax: home.fax,
      locations,
      displayName: `Dr ${person.firstName} ${person.lastName}`,
    };
    referrerRows.push(referrer);
    locationRows.push(...locations);
  }

  // Clients.
  const clientRows: ClientSeed[] = [];
  const addressRows: Row<typeof clientAddresses>[] = [];
  const postcodes = new Map<string, string>();
  for (const place of [...clinicRows.map((c) => ({ postcode: c.postcode ?? '', state: c.state }))]) {
    postcodes.set(place.postcode, timezoneOfPostcode(place.postcode, place.state));
  }
  for (let i = 0; i < CLIENT_COUNT; i++) {
    const gender = rng.chance(0.52) ? 'Female' : 'Male';
    const ageBand = rng.weighted([
      ['child', 6],
      ['young', 18],
      ['middle', 34],
      ['older', 42],
    ] as const);
    const age =
      ageBand === 'child'
        ? rng.int(5, 16)
        : ageBand === 'young'
          ? rng.int(17, 39)
          : ageBand === 'middle'
            ? rng.int(40, 64)
            : rng.int(65, 95);
    // Born within the year before the age-th birthday, so the age is exact today.
    const dateOfBirth = addDays(addMonths(today, -12 * age), -rng.int(0, 364));
    const title =
      age < 17
        ? gender === 'Male'
          ? 'Master'
          : 'Miss'
        : gender === 'Male'
          ? rng.weighted([
              ['Mr', 92],
              ['Dr', 3],
              ['Prof', age > 45 ? 1 : 0],
              ['Asc Prof', age > 40 ? 1 : 0],
              ['Rev', 1],
              ['Sir', age > 70 ? 1 : 0],
            ] as const)
          : rng.weighted([
              ['Mrs', age > 25 ? 45 : 10],
              ['Ms', 40],
              ['Miss', age < 35 ? 20 : 2],
              ['Dr', 3],
              ['Prof', age > 45 ? 1 : 0],
              ['Rev', 1],
            ] as const);
    const first = firstName(rng, gender);
    const last = rng.pick(LAST_NAMES);
    const place = pickSuburb(rng);
    const timezone = timezoneOfPostcode(place.postcode, place.state);
    postcodes.set(place.postcode, timezone);
    const postalDiffers = rng.chance(0.1);
    const client: ClientSeed = {
      id: ids.uuid(),
      externalClientId: String(700101 + i * 3),
      urn: `TC${String(12000 + i * 17 + rng.int(0, 16)).padStart(7, '0')}`,
      title,
      firstName: first,
      lastName: last,
      dateOfBirth,
      age,
      gender,
      email: rng.chance(0.85) ? `${slug(first)}.${slug(last)}${rng.int(1, 99)}@example.com` : null,
      phoneMobile: rng.chance(0.96) ? mobileNumber(rng) : null,
      phoneHome: rng.chance(0.35) ? landline(rng, place.state) : null,
      phoneWork: age > 17 && age < 67 && rng.chance(0.1) ? landline(rng, place.state) : null,
      phoneFax: null,
      postalSameAsResidential: !postalDiffers,
      medicareCardNumber: rng.chance(0.95) ? medicareNumber(rng) : null,
      medicareCardIrn: String(rng.int(1, 5)),
      dvaCardNumber: age >= 65 && rng.chance(0.08) ? `${place.state.slice(0, 1)}X${rng.digits(6)}` : null,
      state: place.state,
      postcode: place.postcode,
      timezone,
    };
    clientRows.push(client);
    addressRows.push({
      clientId: client.id,
      kind: 'residential',
      country: 'AUSTRALIA',
      streetAddress: streetAddress(rng),
      suburb: place.suburb,
      postcode: place.postcode,
      state: place.state,
    });
    if (postalDiffers) {
      addressRows.push({
        clientId: client.id,
        kind: 'postal',
        country: 'AUSTRALIA',
        streetAddress: `PO Box ${rng.int(10, 2999)}`,
        suburb: place.suburb,
        postcode: place.postcode,
        state: place.state,
      });
    }
  }

  // Users: staff plus one of each outside role.
  const specialistUser = specialistRows[0];
  const gpReferrer = referrerRows[0];
  const clinicOfAdmin = clinicRows[0];
  if (!specialistUser || !gpReferrer || !clinicOfAdmin) throw new Error('directory is empty');
  const user = (
    email: string,
    first: string,
    last: string,
    role: string,
    extra: Partial<UserSeed> = {},
  ): UserSeed => ({
    id: ids.uuid(),
    email,
    firstName: first,
    lastName: last,
    shortName: `${first} ${last.slice(0, 1)}`,
    role,
    timezone: 'Australia/Melbourne',
    passwordHash,
    passwordChangedAt: now,
    emailVerifiedAt: now,
    ...extra,
  });
  // The three demo sign-ins have an SMS second factor already; the other coordinators enrol on first sign-in.
  const enrolledPhone = (phone: string) => ({ mfaPhoneNumber: phone, mfaPhoneEnrolledAt: now });
  const admin = user(
    'admin@telecare.example',
    'Alex',
    'Admin',
    'TELECARE_ADMIN',
    enrolledPhone('+61400000001'),
  );
  const supervisor = user('supervisor@telecare.example', 'Sam', 'Supervisor', 'TELECARE_SUPERVISOR', {
    isSupervisor: true,
    ...enrolledPhone('+61400000002'),
  });
  const it = user('it@telecare.example', 'Iris', 'Tech', 'TELECARE_IT', {
    isItStaff: true,
    timezone: 'Australia/Brisbane',
    ...enrolledPhone('+61400000003'),
  });
  const staff = [
    user('priya.sharma@telecare.example', 'Priya', 'Sharma', 'TELECARE_ADMIN'),
    user('liam.oconnor@telecare.example', 'Liam', "O'Connor", 'TELECARE_ADMIN', {
      timezone: 'Australia/Brisbane',
    }),
    user('mei.chen@telecare.example', 'Mei', 'Chen', 'TELECARE_ADMIN'),
    user('jack.thompson@telecare.example', 'Jack', 'Thompson', 'TELECARE_ADMIN', {
      timezone: 'Australia/Perth',
      emailVerifiedAt: null,
    }),
  ];
  const outside = [
    user('gp@telecare.example', gpReferrer.firstName, gpReferrer.lastName, 'GP', {
      referrerId: gpReferrer.id,
      timezone: 'Australia/Brisbane',
    }),
    user('clinic@telecare.example', 'Chloe', 'Reception', 'CLINIC_ADMIN', {
      clinicId: clinicOfAdmin.id,
      timezone: 'Australia/Brisbane',
    }),
    user('specialist@telecare.example', specialistUser.firstName, specialistUser.lastName, 'SPECIALIST', {
      specialistId: specialistUser.id,
      timezone: specialistUser.timezone,
    }),
    user('disabled@telecare.example', 'Dana', 'Former', 'TELECARE_ADMIN', { disabled: true }),
  ];
  const coordinators = [admin, ...staff, supervisor];
  const staffAssignments = specialistRows.map((s, i) => ({
    specialistId: s.id,
    userId: (coordinators[i % coordinators.length] ?? admin).id,
  }));

  return {
    specialities: specialityRows,
    specialists: specialistRows,
    specialistSpecialities: specialistSpecialityRows,
    specialistProfiles: profileRows,
    practitionerPermissions: permissionRows,
    practitionerPreferences: preferenceRows,
    availability: availabilityRows,
    timeslots: timeslotRows,
    sessions,
    clinics: clinicRows,
    clinicPreferences: clinicPreferenceRows,
    referrers: referrerRows,
    referrerLocations: locationRows,
    sites: siteRows,
    clients: clientRows,
    clientAddresses: addressRows,
    users: [admin, supervisor, it, ...staff, ...outside],
    staffAssignments,
    coordinators,
    postcodes,
  };
}
