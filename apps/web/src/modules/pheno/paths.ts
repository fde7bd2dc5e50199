/** Where the phenotype screens live. */
export const phenoPaths = {
  studies: '/pheno/study',
  study: (id: number) => `/pheno/study/view/${id}`,
  variables: '/pheno/variable',
};
