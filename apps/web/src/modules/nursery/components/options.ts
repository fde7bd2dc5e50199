import type { TFunction } from 'i18next';
import { POLLINATION_TYPES, SEASONS, HARVEST_TYPES } from '@breedwise/contracts/nursery';
import { LOT_UNITS, lotUnitLabels } from '@breedwise/contracts/germ';
import type { Locale } from '@breedwise/contracts';

export const seasonOptions = (t: TFunction) => SEASONS.map((s) => ({ value: s, label: t(`nursery.activity.seasons.${s}`) }));
export const pollinationTypeOptions = (t: TFunction) => POLLINATION_TYPES.map((s) => ({ value: s, label: t(`nursery.pollination.types.${s}`) }));
export const harvestTypeOptions = (t: TFunction) => HARVEST_TYPES.map((s) => ({ value: s, label: t(`nursery.harvest.types.${s}`) }));
export const unitOptions = (locale: string) => LOT_UNITS.map((u) => ({ value: u, label: lotUnitLabels[u][(locale === 'en' ? 'en' : 'zh-CN') as Locale] }));
