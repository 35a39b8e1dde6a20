/** Consultar Producto dialog (docs/spec.md §2): the product, WhatsApp or e-mail shortcuts, and the enquiry form. */
// Mantine styles only this lazily loaded screen needs (kept out of the public pages' first load).
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Box, Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconBrandWhatsapp, IconMail } from '@tabler/icons-react';
import { formatMoney } from '../../../../domain/money';
import { useBusiness } from '../../../session/business-context';
import type { CatalogProduct } from '../../../api/catalog';
import { EnquiryForm } from './EnquiryForm';
import { ProductImage } from './ProductImage';
import { whatsappUrl } from './enquiry-text';

export function EnquiryDialog({ product, onClose }: { product: CatalogProduct | null; onClose: () => void }) {
  const { info } = useBusiness();
  const whatsapp = product ? whatsappUrl(info?.phone, product) : null;
  const phone = useMediaQuery('(max-width: 37.49em)');

  return (
    <Modal opened={Boolean(product)} onClose={onClose} title={<Text fw={600} size="lg">Consultar Producto</Text>} size="lg" centered fullScreen={phone} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {product && (
        <Stack gap="md">
          <Group wrap="nowrap" align="center">
            <Box w={96} style={{ flexShrink: 0, borderRadius: 'var(--mantine-radius-md)', overflow: 'hidden' }}>
              <ProductImage image={product.image} name={product.name} height={96} />
            </Box>
            <Stack gap={2}>
              <Text fw={600}>{product.name}</Text>
              <Text fw={700} c="primary" fz="lg">
                {formatMoney(product.price)}
              </Text>
            </Stack>
          </Group>
          {whatsapp ? (
            <>
              <Button
                component="a"
                href={whatsapp}
                target="_blank"
                rel="noopener noreferrer"
                color="success"
                size="md"
                fullWidth
                leftSection={<IconBrandWhatsapp size={22} />}
              >
                Consultar por WhatsApp
              </Button>
              <Divider label="o envianos un email" labelPosition="center" />
            </>
          ) : (
            info?.email && (
              <Group gap="xs">
                <Text>También podés contactarnos por</Text>
                <Button component="a" href={`mailto:${info.email}`} variant="light" size="sm" leftSection={<IconMail size={18} />}>
                  {info.email}
                </Button>
              </Group>
            )
          )}
          <EnquiryForm key={product.id} product={product} onClose={onClose} />
        </Stack>
      )}
    </Modal>
  );
}
