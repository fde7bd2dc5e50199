/** Where the nursery screens live (the routes of the manifest in index.ts), for links between them. */
export const nurseryPaths = {
  activities: '/nursery/nursery/design',
  activityView: (id: number) => `/nursery/nursery/design/viewActivity/${id}`,
  activityEdit: (id: number) => `/nursery/nursery/design/editActivity/${id}`,
  entries: (id: number) => `/nursery/nursery/entries/viewNurseryGroup/${id}`,
  pollination: (id: number) => `/nursery/hybrid/events/hybridDetail/${id}`,
  harvest: (id: number) => `/nursery/nursery/obtain/viewObtain/${id}`,
  dhEntries: '/nursery/dh/entry',
  dhEntry: (id: number) => `/nursery/dh/entry/entryDetail/${id}`,
  dhEventAdd: (entryId?: number) => `/nursery/dh/events/addDHEvent${entryId ? `?entry=${entryId}` : ''}`,
  dhEvent: (id: number) => `/nursery/dh/events/viewDHEvent/${id}`,
};
