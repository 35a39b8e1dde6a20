/** Reports (issue #15, admin): sales by category, seller, hour of day, margin per product and per day; spreadsheet exports. */
import { exportParams, exportQuery } from '../schemas/exports';
import { reportQuery, salesReportJson } from '../schemas/reports';
import { endpoint } from './endpoint';

export const reportsApi = {
  sales: endpoint('GET /reports/sales', { query: reportQuery, reply: salesReportJson }),
  /** The reply is the file (CSV or XLSX), not the envelope; refusals still are. */
  export: endpoint('GET /exports/:dataset', { params: exportParams, query: exportQuery, reply: null }),
};
