import { Group, Select, Text } from '@mantine/core';
import { INVOICE_PAGE_SIZES } from '../../../domain/schemas/invoices';
import { Pager } from '../../ui/Pager';

const SIZE_OPTIONS = INVOICE_PAGE_SIZES.map(String);

/** "Filas por página:" (10/20/50/100), "Mostrando N de M facturas emitidas" and the pager. */
export function InvoicesFooter({
  shown,
  total,
  page,
  totalPages,
  limit,
  onPage,
  onLimit,
}: {
  shown: number;
  total: number;
  page: number;
  totalPages: number;
  limit: number;
  onPage: (page: number) => void;
  onLimit: (limit: number) => void;
}) {
  return (
    <Group justify="space-between" gap="md">
      <Group gap="xs">
        <Text id="invoices-page-size">Filas por página:</Text>
        <Select
          size="md"
          w={96}
          data={SIZE_OPTIONS}
          value={String(limit)}
          onChange={(v) => v && onLimit(Number(v))}
          allowDeselect={false}
          aria-labelledby="invoices-page-size"
          comboboxProps={{ zIndex: 500 }}
          styles={{ option: { minHeight: 44 } }}
        />
      </Group>
      <Text aria-live="polite" data-testid="invoices-count">
        Mostrando {shown} de {total} facturas emitidas
      </Text>
      <Pager page={page} totalPages={totalPages} onChange={onPage} />
    </Group>
  );
}
