import { Center, Loader } from '@mantine/core';

/** Centred spinner: session loading, lazy route loading. */
export function CenteredLoader({ label }: { label?: string }) {
  return (
    <Center mih="60vh" role="status" aria-label={label ?? 'Cargando'}>
      <Loader />
    </Center>
  );
}
