import { ErrorCode } from '@telecare/contracts/errors';
import type { ChangeEvent } from '@telecare/contracts/events';
import {
  type AvailableDates,
  type AvailableDatesQuerySchema,
  type Profile,
  type ProfileRequestSchema,
  type ScheduleDescription,
  SPECIALIST_MESSAGES,
  type SpecialitiesWithProfiles,
  type Speciality,
  type SpecialityRequestSchema,
  specialityInUseMessage,
} from '@telecare/contracts/specialists';
import { daysOfMonth } from '@telecare/domain/calendar';
import type { z } from 'zod';
import type { Db } from '../../db/database.ts';
import { AppError } from '../../lib/app-error.ts';
import type { Clock } from '../../lib/clock.ts';
import { auditedBy, type ChangeWriter } from '../../lib/write-change.ts';
import type { AuthContext, RequestOrigin } from '../auth/auth.service.ts';
import { openDates } from '../booking/free-days.ts';
import type { FreeDaysCache } from '../booking/free-days-cache.ts';
import {
  copyCaseManagerNameToWorkflows,
  copySpecialityRenameToWorkflows,
} from '../workflows/workflow-copies.ts';
import {
  countSpecialityUses,
  deleteSpeciality,
  findSpecialistWithProfile,
  findSpeciality,
  findSpecialityNamed,
  insertSpeciality,
  missingSiteIds,
  missingSpecialityIds,
  replaceSpecialityLinks,
  type SpecialistWithProfile,
  selectSpecialistCards,
  selectSpecialistLengths,
  selectSpecialities,
  selectSpecialityLinks,
  updateSpecialistNames,
  updateSpeciality,
  upsertProfile,
} from './specialists.queries.ts';

type SpecialityInput = z.output<typeof SpecialityRequestSchema>;
type ProfileInput = z.output<typeof ProfileRequestSchema>;
type AvailableDatesQuery = z.output<typeof AvailableDatesQuerySchema>;

const M = SPECIALIST_MESSAGES;
const invalid = (field: string, message: string) =>
  new AppError(ErrorCode.validation, message, { [field]: [message] });
const specialityExists = () => new AppError(ErrorCode.conflict, M.specialityExists);

/** A unique-index violation (two saves of one name at once): the database has the last word. */
function isUniqueViolation(error: unknown): boolean {
  const code = (error as { code?: string; cause?: { code?: string } } | null)?.code;
  const causeCode = (error as { cause?: { code?: string } } | null)?.cause?.code;
  return code === '23505' || causeCode === '23505';
}

function profileOf(row: SpecialistWithProfile): Profile {
  const { specialist, profile } = row;
  return {
    id: specialist.id,
    firstName: specialist.firstName,
    lastName: specialist.lastName,
    specialityIds: row.specialityIds,
    title: profile?.title ?? null,
    qualification: profile?.qualification ?? null,
    language: profile?.language ?? null,
    skills: profile?.skills ?? [],
    profile: profile?.profile ?? [],
    avatarLink: profile?.avatarLink ?? null,
    specialistRules: profile?.specialistRules ?? [],
    publishedTo: profile?.publishedTo ?? [],
    initialFee: profile?.initialFee ?? null,
    reviewFee: profile?.reviewFee ?? null,
    videoLink: specialist.videoLink,
    videoId: specialist.videoId,
  };
}

/** Specialities, practitioner profiles and the Specialists page (docs/decisions/0028). */
export function createSpecialistService(deps: {
  db: Db;
  clock: Clock;
  writeChange: ChangeWriter;
  freeDaysCache: FreeDaysCache;
}) {
  const { db, clock, writeChange, freeDaysCache } = deps;

  async function requireSpeciality(tx: Db, id: string) {
    const speciality = await findSpeciality(tx, id);
    if (!speciality) throw new AppError(ErrorCode.notFound, M.noSuchSpeciality);
    return speciality;
  }

  async function requireSpecialist(tx: Db, id: string) {
    const row = await findSpecialistWithProfile(tx, id);
    if (!row) throw new AppError(ErrorCode.notFound, M.noSuchSpecialist);
    return row;
  }

  async function requireSites(tx: Db, ids: readonly string[]) {
    if ((await missingSiteIds(tx, ids)).length > 0) throw invalid('publishedTo', M.noSuchSite);
  }

  /** Runs a speciality save; a name taken meanwhile (unique index) is the same 409 as one taken before. */
  async function savingName<T>(work: () => Promise<T>): Promise<T> {
    try {
      return await work();
    } catch (error) {
      if (isUniqueViolation(error)) throw specialityExists();
      throw error;
    }
  }

  const audit = (
    actor: AuthContext,
    origin: RequestOrigin,
    action: string,
    entityType: string,
    entityId: string,
    details: Record<string, unknown>,
  ) => ({ action, ...auditedBy(actor, origin), entityType, entityId, details });

  const specialityChanged = (id: string, workflowsChanged: number): ChangeEvent[] => [
    { type: 'speciality.changed', ids: [id] },
    ...(workflowsChanged > 0 ? [{ type: 'workflow.changed' as const }] : []),
  ];

  return {
    async specialities(): Promise<Speciality[]> {
      return selectSpecialities(db);
    },

    /** Every speciality A-Z, each with the cards of its active specialists. */
    async specialitiesWithProfiles(): Promise<SpecialitiesWithProfiles> {
      const [specialities, cards, links] = await Promise.all([
        selectSpecialities(db),
        selectSpecialistCards(db),
        selectSpecialityLinks(db),
      ]);
      const namesBySpecialist = new Map<string, string[]>();
      const specialistsBySpeciality = new Map<string, Set<string>>();
      for (const link of links) {
        namesBySpecialist.set(link.specialistId, [
          ...(namesBySpecialist.get(link.specialistId) ?? []),
          link.name,
        ]);
        const ids = specialistsBySpeciality.get(link.specialityId) ?? new Set<string>();
        ids.add(link.specialistId);
        specialistsBySpeciality.set(link.specialityId, ids);
      }
      const cardOf = (card: (typeof cards)[number]) => ({
        ...card,
        profile: card.profile ?? [],
        specialities: namesBySpecialist.get(card.id) ?? [],
      });
      return specialities.map((speciality) => ({
        id: speciality.id,
        name: speciality.name,
        specialistProfiles: cards
          .filter((card) => specialistsBySpeciality.get(speciality.id)?.has(card.id))
          .map(cardOf),
      }));
    },

    /**
     * The month's open dates of each active specialist (of the speciality, when given): today or
     * later, with a free stretch at least their NEW or Review length; private sessions left out (V-13).
     */
    async availableDates(query: AvailableDatesQuery): Promise<AvailableDates> {
      const specialists = await selectSpecialistLengths(db, query.specialityId);
      const month = daysOfMonth(`${query.month.slice(0, 4)}-${query.month.slice(4)}-01`);
      const days = await freeDaysCache.freeDays(
        specialists.map((s) => s.id),
        month[0] ?? '',
        month.at(-1) ?? '',
        { includePrivate: false },
      );
      const now = clock.now();
      return {
        month: query.month,
        type: query.type,
        specialists: specialists.map((specialist) => {
          const durationMinutes = query.type === 'NEW' ? specialist.newTime : specialist.reviewTime;
          const own = days.filter((day) => day.specialistId === specialist.id);
          return {
            specialistId: specialist.id,
            durationMinutes,
            dates: openDates(own, now, durationMinutes).map(({ date, timezone }) => ({ date, timezone })),
          };
        }),
      };
    },

    async createSpeciality(actor: AuthContext, origin: RequestOrigin, input: SpecialityInput) {
      return savingName(() =>
        writeChange(async (tx) => {
          if (await findSpecialityNamed(tx, input.name)) throw specialityExists();
          await requireSites(tx, input.publishedTo);
          const created = await insertSpeciality(tx, input);
          return {
            result: {
              id: created.id,
              name: created.name,
              publishedTo: created.publishedTo,
              specialistCount: 0,
            },
            audit: [audit(actor, origin, 'speciality.created', 'speciality', created.id, input)],
            events: specialityChanged(created.id, 0),
          };
        }),
      );
    },

    /** Renames (the workflows' copies follow in the same transaction, V-15) and republishes. */
    async updateSpeciality(actor: AuthContext, origin: RequestOrigin, id: string, input: SpecialityInput) {
      return savingName(() =>
        writeChange(async (tx) => {
          const before = await requireSpeciality(tx, id);
          if (await findSpecialityNamed(tx, input.name, id)) throw specialityExists();
          await requireSites(tx, input.publishedTo);
          const updated = await updateSpeciality(tx, id, input);
          if (!updated) throw new AppError(ErrorCode.notFound, M.noSuchSpeciality);
          const workflowsRenamed = await copySpecialityRenameToWorkflows(tx, before.name, updated.name);
          const uses = await countSpecialityUses(tx, updated);
          return {
            result: {
              id: updated.id,
              name: updated.name,
              publishedTo: updated.publishedTo,
              specialistCount: uses.specialists,
            },
            audit: [
              audit(actor, origin, 'speciality.updated', 'speciality', id, {
                name: { from: before.name, to: updated.name },
                publishedTo: { from: before.publishedTo, to: updated.publishedTo },
                workflowsRenamed,
              }),
            ],
            events: specialityChanged(id, workflowsRenamed),
          };
        }),
      );
    },

    /** Deletes an unused speciality; one that a specialist or a live workflow uses stays (409, V-15). */
    async deleteSpeciality(actor: AuthContext, origin: RequestOrigin, id: string) {
      return writeChange(async (tx) => {
        const speciality = await requireSpeciality(tx, id);
        const uses = await countSpecialityUses(tx, speciality);
        if (uses.specialists > 0 || uses.workflows > 0) {
          throw new AppError(ErrorCode.conflict, specialityInUseMessage(uses.specialists, uses.workflows));
        }
        await deleteSpeciality(tx, id);
        return {
          result: undefined,
          audit: [audit(actor, origin, 'speciality.deleted', 'speciality', id, { name: speciality.name })],
          events: specialityChanged(id, 0),
        };
      });
    },

    async profile(id: string): Promise<Profile> {
      return profileOf(await requireSpecialist(db, id));
    },

    /** Saves the profile editor's fields; a new name is copied onto the specialist's live workflows. */
    async updateProfile(actor: AuthContext, origin: RequestOrigin, id: string, input: ProfileInput) {
      return writeChange(async (tx) => {
        const before = await requireSpecialist(tx, id);
        if ((await missingSpecialityIds(tx, input.specialityIds)).length > 0) {
          throw invalid('specialityIds', M.specialityRequired);
        }
        await requireSites(tx, input.publishedTo);
        await updateSpecialistNames(tx, id, {
          firstName: input.firstName,
          lastName: input.lastName,
          videoLink: input.videoLink || null,
          videoId: input.videoId || null,
        });
        await upsertProfile(tx, id, {
          title: input.title || null,
          qualification: input.qualification || null,
          language: input.language || null,
          skills: input.skills,
          profile: input.profile,
          avatarLink: input.avatarLink || null,
          specialistRules: input.specialistRules,
          publishedTo: input.publishedTo,
          initialFee: input.initialFee,
          reviewFee: input.reviewFee,
        });
        await replaceSpecialityLinks(tx, id, input.specialityIds);
        const workflowsRenamed = await copyCaseManagerNameToWorkflows(tx, {
          id,
          title: before.specialist.title,
          firstName: input.firstName,
          lastName: input.lastName,
        });
        const after = profileOf(await requireSpecialist(tx, id));
        const previous = profileOf(before);
        const changed = (Object.keys(after) as (keyof Profile)[]).filter(
          (key) => JSON.stringify(after[key]) !== JSON.stringify(previous[key]),
        );
        return {
          result: after,
          audit: [
            audit(actor, origin, 'specialist.profile.updated', 'specialist', id, {
              changed,
              workflowsRenamed,
            }),
          ],
          events: [
            { type: 'specialist.changed', ids: [id] },
            ...(workflowsRenamed > 0 ? [{ type: 'workflow.changed' as const }] : []),
          ],
        };
      });
    },

    async scheduleDescription(id: string): Promise<ScheduleDescription> {
      const row = await requireSpecialist(db, id);
      return { scheduleDescription: row.profile?.scheduleDescription ?? '' };
    },

    async updateScheduleDescription(
      actor: AuthContext,
      origin: RequestOrigin,
      id: string,
      input: ScheduleDescription,
    ): Promise<ScheduleDescription> {
      return writeChange(async (tx) => {
        const before = await requireSpecialist(tx, id);
        await upsertProfile(tx, id, { scheduleDescription: input.scheduleDescription || null });
        return {
          result: { scheduleDescription: input.scheduleDescription },
          audit: [
            audit(actor, origin, 'specialist.schedule-description.updated', 'specialist', id, {
              from: before.profile?.scheduleDescription ?? null,
              to: input.scheduleDescription || null,
            }),
          ],
          events: [{ type: 'specialist.changed', ids: [id] }],
        };
      });
    },
  };
}

export type SpecialistService = ReturnType<typeof createSpecialistService>;
