export { FilterButton, FilterDrawer, type FilterDrawerProps } from './FilterDrawer';
export { fieldsFromSpec, type FilterFieldConfig } from './filter-model';
