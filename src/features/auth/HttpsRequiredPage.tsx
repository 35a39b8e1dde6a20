/**
 * What a staff route shows over plain http:// (src/app/secure-context.tsx): the app needs HTTPS, why, the
 * https address to try, and where the recipe is (docs/operations.md «HTTPS en la red local»).
 */
import { Anchor, Center, List, Paper, Stack, Text, Title } from '@mantine/core';
import { IconLockOpen } from '@tabler/icons-react';

export const OPERATIONS_DOC = 'docs/operations.md';

export default function HttpsRequiredPage() {
  // Behind Caddy the https address is the same name on the default port (443).
  const https = `https://${window.location.hostname}${window.location.pathname}`;
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={560} role="alert" data-testid="https-required">
        <Stack gap="md">
          <Title order={1} size="h2" fw={600}>
            <IconLockOpen size={28} aria-hidden style={{ verticalAlign: 'middle', marginRight: 8 }} />
            Se necesita HTTPS
          </Title>
          <Text>
            Abriste Mostrador con <b>{window.location.origin}</b>, una dirección sin cifrar. Así el navegador no permite guardar
            ventas sin conexión ni identificar este dispositivo: la caja quedaría vacía. Ninguna venta se registró desde esta
            pantalla.
          </Text>
          <Text>
            Probá con{' '}
            <Anchor href={https} fw={600}>
              {https}
            </Anchor>
            . Si no abre o el navegador avisa que el certificado no es de confianza, el comercio tiene que publicar el servidor con
            HTTPS:
          </Text>
          <List size="sm" spacing={4}>
            <List.Item>en la computadora del local, Caddy con un certificado propio (<code>tls internal</code>);</List.Item>
            <List.Item>en cada tablet, instalar una vez el certificado raíz de Caddy (Ajustes → Seguridad → Cifrado y credenciales → Instalar un certificado → Certificado de CA);</List.Item>
            <List.Item>y abrir siempre el mismo nombre (por ejemplo https://caja.local), que la red tiene que resolver a esa computadora.</List.Item>
          </List>
          <Text size="sm" c="dimmed">
            La receta completa está en la guía de operación de Mostrador ({OPERATIONS_DOC}, «HTTPS en la red local»).
          </Text>
        </Stack>
      </Paper>
    </Center>
  );
}
