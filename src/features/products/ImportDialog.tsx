/**
 * "Importar" products (or customers, issue #33 item 1) from CSV or Excel: choosing a file shows the
 * server's preview (what each row creates or changes, and why a row is refused) and nothing is written
 * until "Aplicar importación", which sends the same file with the preview's fingerprint (the server
 * refuses it if anything changed). `kind` says which endpoints and texts.
 */
import { Badge, Button, FileInput, Group, List, Stack, Table, Text } from '@mantine/core';
import { IconFileUpload } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import type { ImportPreviewDto, ImportRowDto } from '../../../domain/schemas/exports';
import { applyCustomerImport, previewCustomerImport } from '../../api/customers';
import { applyImport, previewImport } from '../../api/exports';
import { CenteredLoader } from '../../ui/CenteredLoader';
import { ErrorAlert } from '../../ui/ErrorAlert';
import { StaffModal } from '../../ui/StaffModal';

const ACTIONS: Record<ImportRowDto['action'], { label: string; color: string }> = {
  create: { label: 'Nuevo', color: 'success' },
  update: { label: 'Cambia', color: 'info' },
  unchanged: { label: 'Sin cambios', color: 'gray' },
  error: { label: 'Error', color: 'error' },
};

/** What differs between the product and the customer import: endpoints, title, help, key column. */
const KINDS = {
  productos: {
    title: 'Importar productos',
    help: 'Planilla CSV o Excel (.xlsx) con las columnas Código, Nombre y Precio (las demás de la exportación son opcionales). Cada fila crea o actualiza el producto con ese Código. El stock de productos existentes no se importa: usá Ajustar stock o Recuento.',
    key: 'Código',
    created: 'Se crea el producto',
    preview: previewImport,
    apply: applyImport,
  },
  clientes: {
    title: 'Importar clientes',
    help: 'Planilla CSV o Excel (.xlsx) con la columna Nombre (las demás de la exportación son opcionales: Tipo de documento, Documento, Condición IVA, Dirección, Teléfono, Email, Notas, Cuenta corriente, Límite de crédito, Activo). Cada fila actualiza el cliente con ese documento o crea uno nuevo; el CUIT se controla con su dígito verificador. El saldo de la cuenta corriente no se importa.',
    key: 'Documento',
    created: 'Se crea el cliente',
    preview: previewCustomerImport,
    apply: applyCustomerImport,
  },
} as const;

export interface ImportDialogProps {
  kind?: keyof typeof KINDS;
  opened: boolean;
  onClose: () => void;
  /** Resolves once the product list shows the import (the dialog keeps its spinner until then). */
  onApplied: (message: string) => Promise<void>;
}

function RowDetail({ row, created }: { row: ImportRowDto; created: string }) {
  if (row.action === 'error') {
    return (
      <Text c="error" size="sm" fw={500}>
        {row.errors.join(' · ')}
      </Text>
    );
  }
  if (row.action === 'create') return <Text size="sm">{created}</Text>;
  return (
    <List size="sm" spacing={2}>
      {row.changes.map((c) => (
        <List.Item key={c.field}>
          {c.label}: {c.from || '—'} → <b>{c.to || '—'}</b>
        </List.Item>
      ))}
    </List>
  );
}

export function ImportDialog({ kind = 'productos', opened, onClose, onApplied }: ImportDialogProps) {
  const texts = KINDS[kind];
  const [file, setFile] = useState<File | null>(null);
  const [preview, setPreview] = useState<ImportPreviewDto | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState<'preview' | 'apply' | null>(null);
  useEffect(() => {
    if (!opened) return;
    setFile(null);
    setPreview(null);
    setError(null);
  }, [opened]);

  const choose = async (next: File | null) => {
    setFile(next);
    setPreview(null);
    setError(null);
    if (!next) return;
    setBusy('preview');
    const result = await texts.preview(next);
    setBusy(null);
    if (result.success) setPreview(result.data);
    else setError(result.message);
  };

  const apply = async () => {
    if (!file || !preview) return;
    setBusy('apply');
    const result = await texts.apply(file, preview.fingerprint);
    if (result.success) await onApplied(result.message ?? 'Importación aplicada');
    setBusy(null);
    if (!result.success) setError(result.message);
  };

  const shown = preview?.rows.filter((r) => r.action !== 'unchanged') ?? [];
  const applicable = preview ? preview.creates + preview.updates : 0;
  return (
    <StaffModal opened={opened} onClose={onClose} size="xl" title={texts.title}>
      <Stack>
        <Text size="sm">{texts.help}</Text>
        <FileInput
          size="md"
          label="Archivo"
          placeholder="Elegí un archivo CSV o Excel"
          accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
          leftSection={<IconFileUpload size={18} />}
          value={file}
          onChange={(f) => void choose(f)}
          clearable
        />
        <ErrorAlert message={error} onClose={() => setError(null)} />
        {busy === 'preview' && <CenteredLoader label="Leyendo la planilla" />}
        {preview && (
          <>
            <Text aria-live="polite" data-testid="import-summary">
              {preview.creates} nuevo(s) · {preview.updates} con cambios · {preview.unchanged} sin cambios · {preview.errors} con errores
            </Text>
            {shown.length > 0 && (
              <Table.ScrollContainer minWidth={560} mah="45vh">
                <Table striped verticalSpacing={4} aria-label="Vista previa de la importación">
                  <Table.Thead>
                    <Table.Tr>
                      <Table.Th>Fila</Table.Th>
                      <Table.Th>{texts.key}</Table.Th>
                      <Table.Th>Nombre</Table.Th>
                      <Table.Th>Resultado</Table.Th>
                      <Table.Th>Detalle</Table.Th>
                    </Table.Tr>
                  </Table.Thead>
                  <Table.Tbody>
                    {shown.map((row) => (
                      <Table.Tr key={row.row} data-action={row.action}>
                        <Table.Td>{row.row}</Table.Td>
                        <Table.Td>{row.code || '—'}</Table.Td>
                        <Table.Td>{row.name || '—'}</Table.Td>
                        <Table.Td>
                          <Badge color={ACTIONS[row.action].color} variant="light" tt="none">
                            {ACTIONS[row.action].label}
                          </Badge>
                        </Table.Td>
                        <Table.Td>
                          <RowDetail row={row} created={texts.created} />
                        </Table.Td>
                      </Table.Tr>
                    ))}
                  </Table.Tbody>
                </Table>
              </Table.ScrollContainer>
            )}
            {preview.errors > 0 && <Text size="sm">Las filas con errores no se importan; corregilas y volvé a importar el archivo si las necesitás.</Text>}
          </>
        )}
        <Group justify="flex-end">
          <Button size="md" variant="default" onClick={onClose}>
            Cancelar
          </Button>
          <Button size="md" onClick={() => void apply()} loading={busy === 'apply'} disabled={applicable === 0 || busy !== null}>
            Aplicar importación{applicable > 0 ? ` (${applicable})` : ''}
          </Button>
        </Group>
      </Stack>
    </StaffModal>
  );
}
