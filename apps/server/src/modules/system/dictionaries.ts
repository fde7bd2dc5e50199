import type { DictSeed } from '../../platform/module';

/** Dictionaries of the platform (enabled state, yes/no). */
export const systemDictionaries: DictSeed[] = [
  {
    type: 'sys_normal_disable',
    appKey: 'system',
    zh: '启用状态',
    en: 'Enabled state',
    entries: [
      { value: 'enabled', zh: '启用', en: 'Enabled', listClass: 'success' },
      { value: 'disabled', zh: '停用', en: 'Disabled', listClass: 'danger' },
    ],
  },
  {
    type: 'sys_yes_no',
    appKey: 'system',
    zh: '是否',
    en: 'Yes / no',
    entries: [
      { value: 'Y', zh: '是', en: 'Yes', listClass: 'primary' },
      { value: 'N', zh: '否', en: 'No', listClass: 'info' },
    ],
  },
];
