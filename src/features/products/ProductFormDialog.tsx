import { Button, Group, SimpleGrid, Stack, Switch, Textarea, TextInput } from '@mantine/core';
import { useEffect, useState } from 'react';
import { MSG } from '../../../domain/messages';
import { createProduct, updateProduct, type Product } from '../../api/products';
import { FeedbackAlert } from '../../ui/FeedbackAlert';
import { TouchSelect } from '../../ui/TouchSelect';
import { IVA_RATES, type IvaRate } from '../../../domain/invoicing/codes';
import { asError } from '../../ui/useFeedback';
import { ImagePicker } from '../../ui/ImagePicker';
import { StaffModal } from '../../ui/StaffModal';
import { emptyProductForm, parseProductForm, productEdit, productToForm, type ProductFormErrors, type ProductFormValues } from './product-form';
import type { Option } from './useCatalogOptions';

export interface ProductFormDialogProps {
  opened: boolean;
  /** The product being edited, or null for "Nuevo Producto". */
  product: Product | null;
  categoryOptions: Option[];
  brandOptions: Option[];
  onClose: () => void;
  /**
   * Called with the server's success message after a save; resolves once the product list shows the saved
   * product (the dialog keeps its spinner until then).
   */
  onSaved: (message: string) => Promise<void>;
}

/**
 * Create/edit dialog with every product field and the image upload (docs/spec.md §2, §5). An edit sends only
 * what changed with the loaded values as base (productEdit): a price change never rewrites the stock.
 */
export function ProductFormDialog({ opened, product, categoryOptions, brandOptions, onClose, onSaved }: ProductFormDialogProps) {
  const [values, setValues] = useState<ProductFormValues>(emptyProductForm);
  const [errors, setErrors] = useState<ProductFormErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    if (!opened) return;
    setValues(product ? productToForm(product) : emptyProductForm());
    setErrors({});
    setServerError(null);
  }, [opened, product]);

  /** Changing a field clears its error: a fixed field never keeps a stale message. */
  const set = <K extends keyof ProductFormValues>(key: K, value: ProductFormValues[K]) => {
    setValues((v) => ({ ...v, [key]: value }));
    setErrors((e) => (key in e ? { ...e, [key]: undefined } : e));
  };
  const text = (key: 'code' | 'name' | 'price' | 'cost' | 'stock' | 'minStock') => ({
    value: values[key],
    onChange: (e: React.ChangeEvent<HTMLInputElement>) => set(key, e.currentTarget.value),
    error: errors[key],
    size: 'md' as const,
  });

  const submit = async (event: React.FormEvent) => {
    event.preventDefault();
    const parsed = parseProductForm(values, product);
    if ('errors' in parsed) {
      setErrors(parsed.errors);
      setServerError(parsed.errors.form ?? null);
      return;
    }
    setErrors({});
    setSaving(true);
    const result = product ? await updateProduct(product.id, productEdit(product, parsed.payload)) : await createProduct(parsed.payload);
    if (result.success) await onSaved(result.message || (product ? MSG.productUpdated : MSG.productCreated));
    setSaving(false);
    if (!result.success) {
      // 409: someone changed a field this edit touches; nothing was saved, reopening shows their values.
      const stale = result.status === 409 && result.message === MSG.productChangedWhileEditing;
      setServerError(stale ? `${MSG.productChangedWhileEditing}. ${MSG.productChangedReopen}` : result.message || MSG.productSaveError);
    }
  };

  return (
    <StaffModal opened={opened} onClose={onClose} title={product ? 'Editar Producto' : 'Nuevo Producto'} size="xl">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <FeedbackAlert feedback={asError(serverError)} onClose={() => setServerError(null)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput label="Código" {...text('code')} />
            <TextInput label="Nombre" required data-autofocus {...text('name')} />
          </SimpleGrid>
          <Textarea label="Descripción" size="md" autosize minRows={2} maxRows={5} value={values.description} onChange={(e) => set('description', e.currentTarget.value)} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TouchSelect
              label="Categoría"
              data={[{ value: '', label: 'Sin categoría' }, ...categoryOptions]}
              value={values.categoryId ?? ''}
              onChange={(v) => set('categoryId', v || null)}
            />
            <TouchSelect
              label="Marca"
              data={[{ value: '', label: 'Sin marca' }, ...brandOptions]}
              value={values.brandId ?? ''}
              onChange={(v) => set('brandId', v || null)}
            />
          </SimpleGrid>
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <TextInput label="Precio" required inputMode="decimal" leftSection="$" {...text('price')} />
            <TextInput label="Costo" inputMode="decimal" leftSection="$" {...text('cost')} />
            <TextInput label="Stock" required inputMode="numeric" {...text('stock')} />
            <TextInput label="Stock Mínimo" inputMode="numeric" {...text('minStock')} />
          </SimpleGrid>
          <TouchSelect
            label="Alícuota de IVA"
            data={IVA_RATES.map((rate) => ({ value: String(rate), label: `${String(rate).replace('.', ',')} %` }))}
            value={String(values.ivaRate)}
            onChange={(v) => v && set('ivaRate', Number(v) as IvaRate)}
            w={{ base: '100%', sm: 240 }}
          />
          <ImagePicker label="Imagen" value={values.image} onChange={(image) => set('image', image)} previewWidth={120} previewHeight={120} />
          <Group gap="xl">
            <Switch size="md" label="Mostrar en catálogo" checked={values.showInCatalog} onChange={(e) => set('showInCatalog', e.currentTarget.checked)} />
            <Switch size="md" label="Activo" checked={values.active} onChange={(e) => set('active', e.currentTarget.checked)} />
          </Group>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" size="md" onClick={onClose} disabled={saving}>
              Cancelar
            </Button>
            <Button type="submit" size="md" loading={saving}>
              {product ? 'Guardar cambios' : 'Crear producto'}
            </Button>
          </Group>
        </Stack>
      </form>
    </StaffModal>
  );
}
