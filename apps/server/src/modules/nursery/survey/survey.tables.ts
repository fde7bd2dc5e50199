import { doublePrecision, index, integer, pgTable, primaryKey, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';
import { SURVEY_SOURCES } from '@breedwise/contracts/nursery';
import { sysUser } from '../../system';
import { phenoVariable } from '../../pheno/variable/variable.tables';
import { nurseryActivity } from '../activity/activity.tables';
import { nurseryEntry } from '../entry/entry.tables';
import { audit, org } from '../columns';

/** The traits (phenotype variables of the crop) a nursery's field survey observes, in column order. */
export const nurserySurveyTrait = pgTable(
  'nursery_survey_trait',
  {
    activityId: integer('activity_id')
      .notNull()
      .references(() => nurseryActivity.id, { onDelete: 'cascade' }),
    variableId: integer('variable_id')
      .notNull()
      .references(() => phenoVariable.id, { onDelete: 'restrict' }),
    sort: integer('sort').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.activityId, t.variableId] }), index('nursery_survey_trait_variable_idx').on(t.variableId)],
);

/** The current value of one trait on one nursery entry; earlier values are in nursery_survey_history. */
export const nurserySurvey = pgTable(
  'nursery_survey',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => nurseryActivity.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => nurseryEntry.id, { onDelete: 'cascade' }),
    variableId: integer('variable_id')
      .notNull()
      .references(() => phenoVariable.id, { onDelete: 'restrict' }),
    value: text('value').notNull(),
    /** The value as a number when the scale is numeric, percentage or an ordinal code. */
    numeric: doublePrecision('numeric'),
    observedAt: timestamp('observed_at', { withTimezone: true }).notNull(),
    person: text('person'),
    source: text('source', { enum: SURVEY_SOURCES }).notNull(),
    versions: integer('versions').notNull().default(0),
    ...audit(),
  },
  (t) => [uniqueIndex('nursery_survey_entry_trait_uq').on(t.entryId, t.variableId), index('nursery_survey_activity_idx').on(t.activityId, t.variableId)],
);

/** A value a survey cell had before it changed (or was cleared). */
export const nurserySurveyHistory = pgTable(
  'nursery_survey_history',
  {
    id: serial('id').primaryKey(),
    orgId: org(),
    activityId: integer('activity_id')
      .notNull()
      .references(() => nurseryActivity.id, { onDelete: 'cascade' }),
    entryId: integer('entry_id')
      .notNull()
      .references(() => nurseryEntry.id, { onDelete: 'cascade' }),
    variableId: integer('variable_id')
      .notNull()
      .references(() => phenoVariable.id, { onDelete: 'cascade' }),
    value: text('value'),
    source: text('source', { enum: SURVEY_SOURCES }).notNull(),
    person: text('person'),
    observedAt: timestamp('observed_at', { withTimezone: true }),
    changedBy: integer('changed_by').references(() => sysUser.id, { onDelete: 'set null' }),
    changedAt: timestamp('changed_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('nursery_survey_history_cell_idx').on(t.entryId, t.variableId)],
);
