import { Alert, Anchor, List } from '@mantine/core';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Link } from 'react-router-dom';
import { SALE_FLAGS, type SaleFlag } from '../../../domain/constants';
import { SALE_FLAG_CAUSES } from '../../ui/sale-labels';

export interface FlaggedSales {
  /** Sales with observations (the history's "con observaciones" filter). */
  total: number;
  /** How many of the first page carry each flag: each cause is worded on its own. */
  byFlag: Partial<Record<SaleFlag, number>>;
}

/** Sales the server flagged need a look: each cause in its own words (never a refund as a stock problem), and a link to them. */
export function FlaggedSalesNotice({ flagged }: { flagged: FlaggedSales | undefined }) {
  if (!flagged || flagged.total <= 0) return null;
  const causes = SALE_FLAGS.filter((flag) => (flagged.byFlag[flag] ?? 0) > 0);
  return (
    <Alert color="warning" variant="light" icon={<IconAlertTriangle />} title="Ventas con observaciones">
      {flagged.total === 1 ? 'Hay 1 venta para revisar' : `Hay ${flagged.total} ventas para revisar`}
      {causes.length > 0 ? ':' : '.'}
      {causes.length > 0 && (
        <List size="sm" mt={4} mb={4}>
          {causes.map((flag) => (
            <List.Item key={flag}>
              {flagged.byFlag[flag]} {SALE_FLAG_CAUSES[flag]}
            </List.Item>
          ))}
        </List>
      )}
      <Anchor component={Link} to="/sales?flagged=true" fw={600}>
        Ver ventas con observaciones
      </Anchor>
    </Alert>
  );
}
