// Mantine styles only this lazily loaded screen needs (kept out of the public pages' first load).
import '@mantine/core/styles/Overlay.css';
import '@mantine/core/styles/ModalBase.css';
import '@mantine/core/styles/Modal.css';
import { Image, Modal, Text } from '@mantine/core';
import { imageUrl } from '../../../api/images';
import type { CatalogProduct } from '../../../api/catalog';

/** Full-size image viewer with the product name as caption. */
export function ImageViewer({ product, onClose }: { product: CatalogProduct | null; onClose: () => void }) {
  const src = imageUrl(product?.image);
  return (
    <Modal opened={Boolean(product && src)} onClose={onClose} size="xl" centered withCloseButton title={null} closeButtonProps={{ 'aria-label': 'Cerrar' }}>
      {product && src && (
        <figure style={{ margin: 0 }}>
          <Image src={src} alt={product.name} fit="contain" mah="75vh" />
          <Text component="figcaption" ta="center" fw={600} mt="sm">
            {product.name}
          </Text>
        </figure>
      )}
    </Modal>
  );
}
