/** A DH event's values as one line: `total 400 · haploid 38 · rate 9.5`. */
export const formatValues = (values: Record<string, number | string | boolean | null>) =>
  Object.entries(values)
    .filter(([, v]) => v !== null && v !== '')
    .map(([k, v]) => `${k} ${String(v)}`)
    .join(' · ');
