/** Footer of the public pages (docs/spec.md §2): name, address, Contacto, Accesos with the login link, copyright. */
import { Anchor, Box, Container, Divider, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router-dom';
import { FALLBACKS } from '../../../../domain/constants';
import { useBusiness } from '../../../session/business-context';
import { publicShopName } from './public-names';

export function PublicFooter() {
  const { info, businessName } = useBusiness();
  const name = publicShopName(businessName);
  return (
    <Box component="footer" bg="var(--mantine-color-body)" py="xl" mt="xl" style={{ borderTop: '1px solid var(--mantine-color-default-border)' }}>
      <Container size="lg">
        <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="lg">
          <Stack gap={4}>
            <Title order={2} size="h4">
              {name}
            </Title>
            <Text c="dimmed">{info?.address || FALLBACKS.address}</Text>
          </Stack>
          {(info?.phone || info?.email) && (
            <Stack gap={4}>
              <Title order={3} size="h5">
                Contacto
              </Title>
              {info.phone && (
                <Anchor href={`tel:${info.phone}`} c="dimmed">
                  {info.phone}
                </Anchor>
              )}
              {info.email && (
                <Anchor href={`mailto:${info.email}`} c="dimmed">
                  {info.email}
                </Anchor>
              )}
            </Stack>
          )}
          <Stack gap={4}>
            <Title order={3} size="h5">
              Accesos
            </Title>
            <Anchor component={Link} to="/login" c="dimmed">
              Iniciar Sesión
            </Anchor>
          </Stack>
        </SimpleGrid>
        <Divider my="md" />
        <Text size="sm" c="dimmed" ta="center">
          © {new Date().getFullYear()} {name}. Todos los derechos reservados.
        </Text>
      </Container>
    </Box>
  );
}
