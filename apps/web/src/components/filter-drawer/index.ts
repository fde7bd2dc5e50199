export { FilterButton, FilterDrawer, type FilterDrawerProps } from './FilterDrawer';
export type { FilterFieldConfig } from './filter-model';
