/** TanStack Query keys of the reports screen. */
export const reportKeys = {
  sales: (range: { startDate: string; endDate: string }) => ['reports', 'sales', range] as const,
};
