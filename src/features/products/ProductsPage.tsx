/**
 * Product management (docs/spec.md §2, admin): filters, "Mostrando N producto(s)", the table (shown a page of
 * rows at a time, since the list loads up to 10000 products), create/edit dialog and delete with
 * confirmation; per product "Ajustar stock" and "Historial de stock", a "Recuento" of the listed
 * products, "Actualizar precios" in bulk, "Exportar" (CSV / Excel) and "Importar" with a preview;
 * «Imprimir etiquetas» of the listed products or of the last bulk price update (labels/, a lazy chunk).
 */
import { Button, Group, Text } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconClipboardList, IconFileImport, IconPercentage, IconPlus, IconTags } from '@tabler/icons-react';
import { keepPreviousData, useQuery, useQueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useCallback, useEffect, useState } from 'react';
import { TIMINGS } from '../../../domain/constants';
import { deleteProduct, fetchProducts, type Product } from '../../api/products';
import { unwrap } from '../../api/unwrap';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { ConfirmDialog } from '../../ui/ConfirmDialog';
import { EmptyState } from '../../ui/EmptyState';
import { ExportMenu } from '../../ui/ExportMenu';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { LoadFailed } from '../../ui/LoadFailed';
import { FeedbackAlert } from '../../ui/FeedbackAlert';
import { Pager } from '../../ui/Pager';
import { StaffPage } from '../../ui/StaffPage';
import { useFeedback } from '../../ui/useFeedback';
import { BulkPriceDialog } from './BulkPriceDialog';
import { ImportDialog } from './ImportDialog';
import { readRepriced, saveRepriced, type Repriced } from './labels/repriced-store';
import { ProductFilters, type ProductFilterValues } from './ProductFilters';
import { ProductFormDialog } from './ProductFormDialog';
import { ProductTable } from './ProductTable';
import { productKeys, stockHistoryKeys } from './queries';
import { StockAdjustDialog } from './StockAdjustDialog';
import { StockCountDialog } from './StockCountDialog';
import { StockHistoryDialog } from './StockHistoryDialog';
import { useCatalogOptions } from './useCatalogOptions';

const LabelsDialog = lazy(() => import('./labels/LabelsDialog'));

const ROWS_PER_PAGE = 50;
/** How often the listed stock is re-read while a count is open. */
const COUNT_REFRESH_MS = 15_000;

export default function ProductsPage() {
  const queryClient = useQueryClient();
  const [filters, setFilters] = useState<ProductFilterValues>({ search: '', categoryId: null, brandId: null });
  const [search] = useDebouncedValue(filters.search.trim(), TIMINGS.searchDebounceMs);
  const [page, setPage] = useState(1);
  const [editing, setEditing] = useState<{ product: Product | null } | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  const [adjusting, setAdjusting] = useState<Product | null>(null);
  const [historyOf, setHistoryOf] = useState<Product | null>(null);
  const [counting, setCounting] = useState(false);
  const [repricing, setRepricing] = useState(false);
  const [importing, setImporting] = useState(false);
  const [labelling, setLabelling] = useState(false);
  const [lastRepriced, setLastRepriced] = useState<Repriced | null>(readRepriced);
  const [busy, setBusy] = useState(false);
  const { feedback, report, fail, succeed, clear } = useFeedback();
  const { categoryOptions, brandOptions, error: optionsError } = useCatalogOptions();

  const query = { search, categoryId: filters.categoryId ? Number(filters.categoryId) : null, brandId: filters.brandId ? Number(filters.brandId) : null };
  const products = useQuery({
    queryKey: productKeys.management(query),
    queryFn: () => unwrap(fetchProducts(query)),
    placeholderData: keepPreviousData,
    // While a count is open its "Sistema" column follows the sales being made (StockCountDialog).
    refetchInterval: counting ? COUNT_REFRESH_MS : false,
  });
  useEffect(() => setPage(1), [search, filters.categoryId, filters.brandId]);

  const rows = products.data ?? [];
  const totalPages = Math.max(1, Math.ceil(rows.length / ROWS_PER_PAGE));
  const visible = rows.slice((page - 1) * ROWS_PER_PAGE, page * ROWS_PER_PAGE);
  const refresh = () => queryClient.invalidateQueries({ queryKey: productKeys.all });

  const onEdit = useCallback((product: Product) => setEditing({ product }), []);
  const onDelete = useCallback((product: Product) => setDeleting(product), []);
  const onAdjustStock = useCallback((product: Product) => setAdjusting(product), []);
  const onStockHistory = useCallback((product: Product) => setHistoryOf(product), []);
  // Every change: the list shows it before the dialog closes and the notice says it is done.
  const afterBulkChange = async (message: string) => {
    await Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: stockHistoryKeys.all })]);
    setAdjusting(null);
    setCounting(false);
    setRepricing(false);
    setImporting(false);
    succeed(message);
  };

  const confirmDelete = async () => {
    if (!deleting) return;
    setBusy(true);
    const result = await deleteProduct(deleting.id);
    if (result.success) await refresh();
    setBusy(false);
    setDeleting(null);
    report(result);
  };

  return (
    <StaffPage
      title="Gestión de Productos"
      actions={
        <Group gap="sm">
          <ExportMenu dataset="productos" onError={fail} />
          <Button size="md" variant="default" leftSection={<IconFileImport size={18} />} onClick={() => setImporting(true)}>
            Importar
          </Button>
          <Button size="md" variant="default" leftSection={<IconPercentage size={18} />} onClick={() => setRepricing(true)}>
            Actualizar precios
          </Button>
          <Button size="md" variant="default" leftSection={<IconTags size={18} />} disabled={rows.length === 0 && !lastRepriced} onClick={() => setLabelling(true)}>
            Imprimir etiquetas
          </Button>
          <Button size="md" variant="default" leftSection={<IconClipboardList size={18} />} disabled={rows.length === 0} onClick={() => setCounting(true)}>
            Recuento
          </Button>
          <Button size="md" leftSection={<IconPlus size={18} />} onClick={() => setEditing({ product: null })}>
            Nuevo Producto
          </Button>
        </Group>
      }
    >
      <FeedbackAlert feedback={feedback} onClose={clear} />
      <ErrorAlert message={optionsError?.message} />
      <ProductFilters value={filters} onChange={setFilters} categoryOptions={categoryOptions} brandOptions={brandOptions} />
      {products.isError ? (
        <LoadFailed message={products.error.message} onRetry={() => void products.refetch()} retrying={products.isFetching} />
      ) : products.isPending ? (
        <CenteredLoader label="Cargando productos" />
      ) : rows.length === 0 ? (
        <>
          <Text c="dimmed" aria-live="polite">
            Mostrando 0 producto(s)
          </Text>
          <EmptyState message="No hay productos para mostrar" />
        </>
      ) : (
        <>
          <Group justify="space-between">
            <Text c="dimmed" aria-live="polite">
              Mostrando {rows.length} producto(s)
            </Text>
          </Group>
          <ProductTable products={visible} onEdit={onEdit} onDelete={onDelete} onAdjustStock={onAdjustStock} onStockHistory={onStockHistory} />
          <Pager page={page} totalPages={totalPages} onChange={setPage} />
        </>
      )}
      <ProductFormDialog
        opened={editing !== null}
        product={editing?.product ?? null}
        categoryOptions={categoryOptions}
        brandOptions={brandOptions}
        onClose={() => setEditing(null)}
        onSaved={async (message) => {
          await refresh();
          setEditing(null);
          succeed(message);
        }}
      />
      <StockAdjustDialog product={adjusting} onClose={() => setAdjusting(null)} onSaved={afterBulkChange} />
      <BulkPriceDialog
        opened={repricing}
        listed={rows}
        categoryOptions={categoryOptions}
        brandOptions={brandOptions}
        onClose={() => setRepricing(false)}
        onApplied={async (message, changed) => {
          setLastRepriced(saveRepriced(changed.map((c) => ({ id: c.id, code: c.code, name: c.name, price: c.newPrice }))));
          await afterBulkChange(message);
        }}
      />
      {labelling && (
        <Suspense fallback={null}>
          <LabelsDialog
            opened
            listed={rows}
            lastRepriced={lastRepriced}
            onClose={() => setLabelling(false)}
            onSent={(message) => {
              setLabelling(false);
              succeed(message);
            }}
          />
        </Suspense>
      )}
      <ImportDialog opened={importing} onClose={() => setImporting(false)} onApplied={afterBulkChange} />
      <StockHistoryDialog product={historyOf} onClose={() => setHistoryOf(null)} />
      <StockCountDialog opened={counting} products={rows} onClose={() => setCounting(false)} onApplied={afterBulkChange} />
      <ConfirmDialog
        opened={deleting !== null}
        message="¿Estás seguro de eliminar este producto?"
        busy={busy}
        onConfirm={confirmDelete}
        onCancel={() => setDeleting(null)}
      />
    </StaffPage>
  );
}
