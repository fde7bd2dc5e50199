/** Where the genomic-selection screens live (spec section 2: hidden detail routes), for links between them. */
export const gsPaths = {
  datasets: '/gs/dataset',
  datasetDetail: (id: number) => `/gs/dataset/components/datasetDetail?id=${id}`,
  models: '/gs/model',
  modelDetail: (id: number) => `/gs/model/components/modelDetail?id=${id}`,
  comparison: (ids: number[]) => `/gs/model/components/comparison?ids=${ids.join(',')}`,
  predictions: '/gs/prediction/inbred',
  evaluation: '/gs/evaluation',
  inbredDetail: (id: number) => `/gs/prediction/inbred/components/inbredDetail?id=${id}`,
  hybrids: '/gs/prediction/hybrid',
  genomeBuilds: '/gs/gws',
  hybridDetail: (id: number) => `/gs/prediction/hybrid/components/hybridDetail?id=${id}`,
};
