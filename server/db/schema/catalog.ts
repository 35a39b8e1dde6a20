/** Users, the business, configuration and the catalogue (categories, brands, products, stock ledger) and contact messages. */
import { sql } from 'drizzle-orm';
import { index, integer, primaryKey, sqliteTable, text, uniqueIndex } from 'drizzle-orm/sqlite-core';
import { createdAt, updatedAt, revision } from './columns';
import { sales } from './sales';

export const syncState = sqliteTable('sync_state', {
  id: integer('id').primaryKey(),
  revision: integer('revision').notNull().default(0),
});

export const users = sqliteTable('users', {
  id: integer('id').primaryKey({ autoIncrement: true }),
  username: text('username').notNull().unique(),
  passwordHash: text('password_hash').notNull(),
  fullName: text('full_name').notNull(),
  email: text('email'),
  role: text('role', { enum: ['admin', 'vendedor'] }).notNull().default('vendedor'),
  active: integer('active', { mode: 'boolean' }).notNull().default(true),
  /** Bumped by a password change or reset: sessions signed with an older value are refused (http/auth.ts). */
  tokenVersion: integer('token_version').notNull().default(0),
  createdAt: createdAt(),
  updatedAt: updatedAt(),
});

export const businessInfo = sqliteTable('business_info', {
  id: integer('id').primaryKey(),
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
  /**
   * The issuer's fiscal facts, their one home (issue #33.1): invoicing, the ticket, the Factura and the credit
   * note all read them here. tax_condition holds 'monotributo' or 'responsable_inscripto' (a value typed before
   * is kept as it was until the admin picks one); cuit is 11 digits (older rows may carry dashes).
   */
  taxCondition: text('tax_condition'),
  /** "YYYY-MM-DD" (inicio de actividades). */
  startOfActivities: text('start_of_activities'),
  /** Ingresos Brutos registration number. */
  iibb: text('iibb'),
  province: text('province'),
  city: text('city'),
  postalCode: text('postal_code'),
  logo: text('logo'),
  revision: revision(),
  updatedAt: updatedAt(),
});

export const configuration = sqliteTable(
  'configuration',
  {
    categoria: text('categoria').notNull(),
    clave: text('clave').notNull(),
    valor: text('valor').notNull(),
    tipo: text('tipo').notNull().default('string'),
    descripcion: text('descripcion'),
    esEditable: integer('es_editable', { mode: 'boolean' }).notNull().default(true),
    revision: revision(),
    updatedAt: updatedAt(),
  },
  (t) => [primaryKey({ columns: [t.categoria, t.clave] }), index('configuration_revision_idx').on(t.revision)],
);

export const categories = sqliteTable(
  'categories',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description'),
    order: integer('sort_order').notNull().default(0),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    deletedAt: text('deleted_at'),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('categories_revision_idx').on(t.revision)],
);

export const brands = sqliteTable(
  'brands',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    name: text('name').notNull(),
    description: text('description'),
    isActive: integer('is_active', { mode: 'boolean' }).notNull().default(true),
    deletedAt: text('deleted_at'),
    revision: revision(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  (t) => [uniqueIndex('brands_revision_idx').on(t.revision)],
);

export const products = sqliteTable(
  'products',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    code: text('code'),
    name: text('name').notNull(),
    description: text('description'),
    priceCents: integer('price_cents').notNull(),
    costCents: integer('cost_cents').notNull().default(0),
    stock: integer('stock').notNull().default(0),
    minStock: integer('min_stock').notNull().default(5),
    categoryId: integer('category_id').references(() => categories.id),
    brandId: integer('brand_id').references(() => brands.id),
    showInCatalog: integer('show_in_catalog', { mode: 'boolean' }).notNull().default(true),
    image: text('image'),
    active: integer('active', { mode: 'boolean' }).notNull().default(true),
    /** IVA rate in basis points (2100 = 21 %, 1050, 2700, 0); Factura A/B split amounts by it. */
    ivaRateBp: integer('iva_rate_bp').notNull().default(2100),
    /** foldText(name code description): lower case, no accents; indexed by products_fts (trigram). */
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

export const stockMovements = sqliteTable(
  'stock_movements',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
    productId: integer('product_id').notNull().references(() => products.id),
    delta: integer('delta').notNull(),
    /** initial/sale/cancel/return/set/add/subtract from the system; the rest are an owner's "Ajustar stock" reasons. */
    reason: text('reason', {
      enum: ['initial', 'sale', 'cancel', 'return', 'set', 'add', 'subtract', 'purchase', 'count', 'loss', 'supplier_return', 'other'],
    }).notNull(),
    saleId: integer('sale_id').references(() => sales.id),
    userId: integer('user_id').references(() => users.id),
    /** The owner's note on an adjustment (required for 'other'). */
    note: text('note'),
    createdAt: createdAt(),
  },
  (t) => [index('stock_movements_product_idx').on(t.productId), index('stock_movements_sale_idx').on(t.saleId)],
);

export const contactMessages = sqliteTable(
  'contact_messages',
  {
    id: integer('id').primaryKey({ autoIncrement: true }),
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
