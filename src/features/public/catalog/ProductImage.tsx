import { Center, Image, UnstyledButton } from '@mantine/core';
import { IconPhoto } from '@tabler/icons-react';
import { imageUrl } from '../../../api/images';

interface Props {
  image: string | null;
  name: string;
  height: number;
  /** Above the fold: load at once with high priority (the largest contentful paint), else lazily. */
  eager?: boolean;
  /** Opens the viewer; without an image the placeholder is not clickable. */
  onOpen?: () => void;
}

/**
 * A product's picture, or a placeholder icon when it has none. The picture is contained in its box with
 * no background of its own: beside a photo of another shape the card's colour shows, never light bars.
 */
export function ProductImage({ image, name, height, eager = false, onOpen }: Props) {
  const src = imageUrl(image);
  if (!src) {
    return (
      <Center h={height} bg="var(--app-background)" c="dimmed" aria-label="Sin imagen" role="img">
        <IconPhoto size={Math.min(64, height / 2)} stroke={1.3} />
      </Center>
    );
  }
  const img = <Image src={src} alt={name} h={height} fit="contain" loading={eager ? 'eager' : 'lazy'} fetchPriority={eager ? 'high' : 'auto'} />;
  if (!onOpen) return img;
  return (
    <UnstyledButton onClick={onOpen} aria-label={`Ver imagen de ${name}`} display="block" w="100%" style={{ cursor: 'zoom-in' }}>
      {img}
    </UnstyledButton>
  );
}
