/** Where the DOE screens live (the routes of the manifest in index.ts), for links between them. */
export const doePaths = {
  locationView: (id: number) => `/doe/exp/location/viewLocation?id=${id}`,
  germLists: '/doe/exp/germList',
  germDesigns: '/doe/germplasm/design',
  experimentView: (id: number) => `/doe/exp/design/viewExperiment/${id}`,
  experimentEdit: (id: number) => `/doe/exp/design/editExperiment/${id}`,
  fieldView: (id: number) => `/doe/exp/location/viewField?id=${id}`,
  fieldEdit: (id: number) => `/doe/exp/location/editField?id=${id}`,
  germDesignView: (id: number) => `/doe/germplasm/design/viewDesign/${id}`,
  /** id 0: a new plan. */
  germDesignEdit: (id: number) => `/doe/germplasm/design/editDesign/${id}`,
  entryGroupView: (g: { id: number; type: string }) => `/doe/nursery/entries/${g.type === 'experiment' ? 'viewExpGroup' : 'viewGroup'}/${g.id}`,
};
