/**
 * Settings (docs/spec.md §2, admin): Información del Negocio, Categorías, Marcas, Numeración de Ventas, and
 * (beyond the spec) Facturación electrónica, Usuarios, Permisos (what sellers see), Dispositivos, Mercado
 * Pago and Copias de seguridad. Only the open tab is mounted, so each loads on demand.
 */
import { Tabs } from '@mantine/core';
import {
  IconBuildingStore,
  IconCategory,
  IconCreditCard,
  IconDatabaseExport,
  IconDeviceTablet,
  IconEyeOff,
  IconFileInvoice,
  IconHash,
  IconTags,
  IconUsers,
} from '@tabler/icons-react';
import { useSearchParams } from 'react-router-dom';
import { StaffPage } from '../../ui/StaffPage';
import { BackupsTab } from './backups/BackupsTab';
import { BusinessInfoTab } from './business/BusinessInfoTab';
import { BrandsTab } from './classifiers/BrandsTab';
import { CategoriesTab } from './classifiers/CategoriesTab';
import { DevicesTab } from './devices/DevicesTab';
import { InvoicingTab } from './invoicing/InvoicingTab';
import { MercadoPagoTab } from './mercadopago/MercadoPagoTab';
import { NumberingTab } from './numbering/NumberingTab';
import { PrivacyTab } from './privacy/PrivacyTab';
import { UsersTab } from './users/UsersTab';

const TABS = [
  { value: 'negocio', label: 'Información del Negocio', icon: IconBuildingStore, panel: BusinessInfoTab },
  { value: 'categorias', label: 'Categorías', icon: IconCategory, panel: CategoriesTab },
  { value: 'marcas', label: 'Marcas', icon: IconTags, panel: BrandsTab },
  { value: 'numeracion', label: 'Numeración de Ventas', icon: IconHash, panel: NumberingTab },
  { value: 'facturacion', label: 'Facturación electrónica', icon: IconFileInvoice, panel: InvoicingTab },
  { value: 'usuarios', label: 'Usuarios', icon: IconUsers, panel: UsersTab },
  { value: 'permisos', label: 'Permisos', icon: IconEyeOff, panel: PrivacyTab },
  { value: 'dispositivos', label: 'Dispositivos', icon: IconDeviceTablet, panel: DevicesTab },
  { value: 'mercadopago', label: 'Mercado Pago', icon: IconCreditCard, panel: MercadoPagoTab },
  { value: 'copias', label: 'Copias de seguridad', icon: IconDatabaseExport, panel: BackupsTab },
] as const;

export default function SettingsPage() {
  const [params, setParams] = useSearchParams();
  const tab = TABS.find((t) => t.value === params.get('tab'))?.value ?? 'negocio';
  return (
    <StaffPage title="Configuración">
      <Tabs value={tab} onChange={(value) => setParams(value && value !== 'negocio' ? { tab: value } : {}, { replace: true })} keepMounted={false}>
        <Tabs.List mb="md">
          {TABS.map(({ value, label, icon: TabIcon }) => (
            <Tabs.Tab key={value} value={value} leftSection={<TabIcon size={18} />} mih={48}>
              {label}
            </Tabs.Tab>
          ))}
        </Tabs.List>
        {TABS.map(({ value, panel: Panel }) => (
          <Tabs.Panel key={value} value={value}>
            <Panel />
          </Tabs.Panel>
        ))}
      </Tabs>
    </StaffPage>
  );
}
