/** Public catalogue `/catalog` (docs/spec.md §2): bar, filters, count line, results, viewer and enquiry dialogs. */
import { Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconFilterOff, IconHome, IconLogin } from '@tabler/icons-react';
import { lazy, Suspense, useCallback, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBusiness } from '../../../session/business-context';
import type { CatalogProduct } from '../../../api/catalog';
import { PublicBar } from '../shared/PublicBar';
import { PublicFooter } from '../shared/PublicFooter';
import { publicShopName } from '../shared/public-names';
import { CatalogFilters } from './CatalogFilters';
import { CatalogResults } from './CatalogResults';
import { useCatalog, usePublicCategories } from './useCatalog';

// The viewer and the enquiry dialog (and Mantine's modal code) download on first use, not with the page.
const EnquiryDialog = lazy(() => import('./EnquiryDialog').then((m) => ({ default: m.EnquiryDialog })));
const ImageViewer = lazy(() => import('./ImageViewer').then((m) => ({ default: m.ImageViewer })));

export default function CatalogPage() {
  const { businessName } = useBusiness();
  const navigate = useNavigate();
  const catalog = useCatalog();
  const categories = usePublicCategories();
  const [viewing, setViewing] = useState<CatalogProduct | null>(null);
  const [enquiring, setEnquiring] = useState<CatalogProduct | null>(null);
  const closeEnquiry = useCallback(() => setEnquiring(null), []);
  const barButton = { color: 'white', c: 'inherit', size: 'md' } as const;

  return (
    <>
      <PublicBar
        title={publicShopName(businessName)}
        onTitleClick={() => navigate('/')}
        actions={
          <>
            <Button {...barButton} variant="subtle" leftSection={<IconHome size={20} />} onClick={() => navigate('/')}>
              Inicio
            </Button>
            <Button {...barButton} variant="outline" leftSection={<IconLogin size={20} />} onClick={() => navigate('/login')}>
              Iniciar Sesión
            </Button>
          </>
        }
        drawerEntries={[
          { label: 'Inicio', icon: <IconHome size={20} />, onSelect: () => navigate('/') },
          { label: 'Iniciar Sesión', icon: <IconLogin size={20} />, onSelect: () => navigate('/login') },
        ]}
      />
      <Container size="xl" component="main" py="xl">
        <Box ta="center" mb="xl">
          <Title order={1}>Nuestro Catálogo</Title>
          <Text c="dimmed" size="lg" mt={4}>
            Explora nuestra selección de productos
          </Text>
        </Box>
        <CatalogFilters
          search={catalog.searchInput}
          onSearch={catalog.setSearchInput}
          categoryId={catalog.categoryId}
          onCategory={catalog.setCategoryId}
          categories={categories}
        />
        {catalog.filtersActive && (
          <Group justify="space-between" mt="md" mih={44}>
            <Text c="dimmed" role="status">
              {catalog.searching ? 'Buscando...' : `${catalog.totalItems} producto(s) encontrado(s)`}
            </Text>
            <Button variant="subtle" leftSection={<IconFilterOff size={18} />} onClick={catalog.clearFilters}>
              Limpiar filtros
            </Button>
          </Group>
        )}
        <Box mt="lg">
          <CatalogResults catalog={catalog} onViewImage={setViewing} onEnquire={setEnquiring} />
        </Box>
      </Container>
      <PublicFooter />
      <Suspense fallback={null}>
        {viewing && <ImageViewer product={viewing} onClose={() => setViewing(null)} />}
        {enquiring && <EnquiryDialog product={enquiring} onClose={closeEnquiry} />}
      </Suspense>
    </>
  );
}
