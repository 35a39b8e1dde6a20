/** Every API module, mounted under /api by app.ts. */
import type { FastifyPluginAsync } from 'fastify';
import healthRoutes from './health/routes';
import authRoutes from './auth/routes';
import usersRoutes from './users/routes';
import businessInfoRoutes from './business-info/routes';
import configurationRoutes from './configuration/routes';
import categoriesRoutes from './categories/routes';
import brandsRoutes from './brands/routes';
import productsRoutes from './products/routes';
import stockRoutes from './stock/routes';
import reportsRoutes from './reports/routes';
import exportsRoutes from './exports/routes';
import productImportRoutes from './products/import-routes';
import contactRoutes from './contact/routes';
import uploadsRoutes from './uploads/routes';
import salesRoutes from './sales/routes';
import syncRoutes from './sync/routes';
import backupsRoutes from './backups/routes';
import paymentsRoutes from './payments/routes';
import invoicesRoutes from './invoices/routes';
import cashSessionsRoutes from './cash-sessions/routes';
import registryRoutes from './registry/routes';
import customersRoutes from './customers/routes';
import accountingRoutes from './accounting/routes';
import accountRoutes from './customers/account-routes';
import printingRoutes from './printing/routes';
import receiptsRoutes from './receipts/routes';

export const apiModules: FastifyPluginAsync[] = [
  healthRoutes,
  authRoutes,
  usersRoutes,
  businessInfoRoutes,
  configurationRoutes,
  categoriesRoutes,
  brandsRoutes,
  productsRoutes,
  stockRoutes,
  reportsRoutes,
  exportsRoutes,
  productImportRoutes,
  contactRoutes,
  uploadsRoutes,
  salesRoutes,
  syncRoutes,
  backupsRoutes,
  paymentsRoutes,
  invoicesRoutes,
  cashSessionsRoutes,
  registryRoutes,
  customersRoutes,
  accountingRoutes,
  accountRoutes,
  printingRoutes,
  receiptsRoutes,
];
