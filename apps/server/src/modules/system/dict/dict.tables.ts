import { pgTable, serial, smallint, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

const createdAt = () => timestamp('created_at', { withTimezone: true }).notNull().defaultNow();

export const sysDictType = pgTable('sys_dict_type', {
  id: serial('id').primaryKey(),
  dictType: text('dict_type').notNull().unique(),
  appKey: text('app_key').notNull().default('system'),
  nameZh: text('name_zh').notNull(),
  nameEn: text('name_en').notNull(),
  status: text('status', { enum: ['enabled', 'disabled'] })
    .notNull()
    .default('enabled'),
  createdAt: createdAt(),
});

export const sysDictData = pgTable(
  'sys_dict_data',
  {
    id: serial('id').primaryKey(),
    dictType: text('dict_type')
      .notNull()
      .references(() => sysDictType.dictType, { onDelete: 'cascade', onUpdate: 'cascade' }),
    dictValue: text('dict_value').notNull(),
    labelZh: text('label_zh').notNull(),
    labelEn: text('label_en').notNull(),
    listClass: text('list_class'),
    cssClass: text('css_class'),
    sort: smallint('sort').notNull().default(0),
    status: text('status', { enum: ['enabled', 'disabled'] })
      .notNull()
      .default('enabled'),
    createdAt: createdAt(),
  },
  (t) => [uniqueIndex('sys_dict_data_type_value_uq').on(t.dictType, t.dictValue)],
);
