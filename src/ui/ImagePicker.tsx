import { Box, Button, Center, FileButton, Group, Image, Stack, Text } from '@mantine/core';
import { IconPhoto, IconTrash, IconUpload } from '@tabler/icons-react';
import { useState } from 'react';
import { MSG } from '../../domain/messages';
import { imageUrl } from '../api/images';
import { uploadImage } from '../api/uploads';

export interface ImagePickerProps {
  label: string;
  /** The stored image path (/uploads/...) or URL, null when none. */
  value: string | null;
  onChange: (value: string | null) => void;
  previewWidth: number;
  previewHeight: number;
}

/**
 * Image upload with preview (docs/spec.md §5): the file is uploaded as soon as it is chosen; if the upload
 * fails the previous image stays and the error is shown ("Error al subir imagen" or the server's reason).
 */
export function ImagePicker({ label, value, onChange, previewWidth, previewHeight }: ImagePickerProps) {
  const [uploading, setUploading] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const src = imageUrl(value);

  const pick = async (file: File | null) => {
    if (!file) return;
    setUploading(true);
    setError(null);
    const result = await uploadImage(file);
    setUploading(false);
    if (result.success) onChange(result.data.url);
    else setError(result.message === MSG.uploadError ? MSG.uploadError : `${MSG.uploadError}. ${result.message}`);
  };

  return (
    <Stack gap={6}>
      <Text size="sm" fw={500}>
        {label}
      </Text>
      <Group align="center" gap="md">
        <Box w={previewWidth} h={previewHeight} style={{ border: '1px dashed var(--mantine-color-default-border)', borderRadius: 8, overflow: 'hidden' }}>
          {src ? (
            <Image src={src} alt={`Vista previa: ${label}`} w="100%" h="100%" fit="contain" />
          ) : (
            <Center h="100%" c="dimmed">
              <IconPhoto size={32} stroke={1.5} aria-label="Sin imagen" />
            </Center>
          )}
        </Box>
        <Stack gap="xs">
          <FileButton onChange={pick} accept="image/*">
            {(props) => (
              <Button {...props} variant="light" size="md" leftSection={<IconUpload size={18} />} loading={uploading}>
                {value ? 'Cambiar imagen' : 'Subir imagen'}
              </Button>
            )}
          </FileButton>
          {value && (
            <Button variant="subtle" color="error" size="md" leftSection={<IconTrash size={18} />} onClick={() => onChange(null)} disabled={uploading}>
              Quitar imagen
            </Button>
          )}
        </Stack>
      </Group>
      {error && (
        <Text size="sm" c="error" role="alert">
          {error}
        </Text>
      )}
    </Stack>
  );
}
