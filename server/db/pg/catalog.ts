/** PostgreSQL mirror of server/db/schema/catalog.ts (the reference: see it for what each column means). */
import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, primaryKey, text, uniqueIndex } from 'drizzle-orm/pg-core';
import { cents, createdAt, revision, updatedAt } from './columns';
import { sales } from './sales';

export const syncState = pgTable('sync_state', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  revision: integer('revision').notNull().default(0),
});

export const users = pgTable('users', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  fullName: text('full_name').notNull(),
  email: text('email'),
  role: text('role', { enum: ['admin', 'vendedor'] }).notNull().default('vendedor'),
  active: boolean('active').notNull().default(true),
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const businessInfo = pgTable('business_info', {
  id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
  businessName: text('business_name').notNull().default(''),
  cuit: text('cuit'),
  address: text('address'),
  phone: text('phone'),
  email: text('email'),
  website: text('website'),
  description: text('description'),
  instagram: text('instagram'),
  facebook: text('facebook'),
  whatsapp: text('whatsapp'),
  openingHours: text('opening_hours'),
  taxCondition: text('tax_condition'),
  startOfActivities: text('start_of_activities'),
  iibb: text('iibb'),
  province: text('province'),
  city: text('city'),
  postalCode: text('postal_code'),
  logo: text('logo'),
  revision: revision(),
  updatedAt: updatedAt(),
});

export const configuration = pgTable(
  'configuration',
  {
    categoria: text('categoria').notNull(),
    clave: text('clave').notNull(),
    valor: text('valor').notNull(),
    tipo: text('tipo').notNull().default('string'),
    descripcion: text('descripcion'),
    esEditable: boolean('es_editable').notNull().default(true),
    revision: revision(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.categoria, t.clave] }), index('configuration_revision_idx').on(t.revision)],
);

export const categories = pgTable(
  'categories',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    order: integer('sort_order').notNull().default(0),
    isActive: boolean('is_active').notNull().default(true),
    deletedAt: text('deleted_at'),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_revision_idx').on(t.revision)],
);

export const brands = pgTable(
  'brands',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    description: text('description'),
    isActive: boolean('is_active').notNull().default(true),
    deletedAt: text('deleted_at'),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brands_revision_idx').on(t.revision)],
);

export const products = pgTable(
  'products',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    code: text('code'),
    name: text('name').notNull(),
    description: text('description'),
    priceCents: cents('price_cents').notNull(),
    costCents: cents('cost_cents').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    minStock: integer('min_stock').notNull().default(5),
    categoryId: integer('category_id').references(() => categories.id),
    brandId: integer('brand_id').references(() => brands.id),
    showInCatalog: boolean('show_in_catalog').notNull().default(true),
    image: text('image'),
    active: boolean('active').notNull().default(true),
    ivaRateBp: integer('iva_rate_bp').notNull().default(2100),
    searchText: text('search_text').notNull().default(''),
    deletedAt: text('deleted_at'),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [
    uniqueIndex('products_code_uq').on(t.code).where(sql`${t.code} IS NOT NULL AND ${t.deletedAt} IS NULL`),
    index('products_catalog_idx').on(t.active, t.showInCatalog, t.deletedAt, t.name),
    index('products_category_idx').on(t.categoryId),
    index('products_brand_idx').on(t.brandId),
    uniqueIndex('products_revision_idx').on(t.revision),
  ],
);

export const stockMovements = pgTable(
  'stock_movements',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    productId: integer('product_id').notNull().references(() => products.id),
    delta: integer('delta').notNull(),
    reason: text('reason', {
      enum: ['initial', 'sale', 'cancel', 'return', 'set', 'add', 'subtract', 'purchase', 'count', 'loss', 'supplier_return', 'other'],
    }).notNull(),
    saleId: integer('sale_id').references(() => sales.id),
    userId: integer('user_id').references(() => users.id),
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId), index('stock_movements_sale_idx').on(t.saleId)],
);

export const contactMessages = pgTable(
  'contact_messages',
  {
    id: integer('id').primaryKey().generatedByDefaultAsIdentity(),
    name: text('name').notNull(),
    email: text('email').notNull(),
    phone: text('phone'),
    subject: text('subject'),
    message: text('message').notNull(),
    productId: integer('product_id').references(() => products.id),
    status: text('status', { enum: ['nuevo', 'leido', 'respondido', 'archivado'] }).notNull().default('nuevo'),
    notes: text('notes'),
    ip: text('ip'),
    respondedAt: text('responded_at'),
    respondedBy: integer('responded_by').references(() => users.id),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [index('contact_status_idx').on(t.status), index('contact_created_idx').on(t.createdAt)],
);
