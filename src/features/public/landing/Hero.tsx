import { Box, Button, Container, Group, Text, Title } from '@mantine/core';
import { IconMessageCircle, IconShoppingBag } from '@tabler/icons-react';
import { useNavigate } from 'react-router-dom';
import { useBusiness } from '../../../session/business-context';
import { heroTitle } from '../shared/public-names';

const BUTTON_WIDTH = { base: '100%', xs: 220 };

/** Hero of the landing (docs/spec.md §2): name, tagline, Ver Catálogo and Contactanos. */
export function Hero({ onContact }: { onContact: () => void }) {
  const { businessName } = useBusiness();
  const navigate = useNavigate();
  return (
    <Box
      component="section"
      py={{ base: 56, md: 96 }}
      c="white"
      style={{ background: 'linear-gradient(135deg, var(--mantine-color-primaryLight-7) 0%, var(--mantine-color-primaryLight-9) 100%)' }}
    >
      <Container size="md" ta="center">
        {/* Two lines tall up to tablets: the prerendered fallback name and the shop's own (a line or two) take
            the same height, so nothing below moves when the name arrives (no layout shift). */}
        <Title
          order={1}
          fz={{ base: 32, sm: 44, md: 52 }}
          fw={700}
          lh={1.15}
          mih={{ base: '2.3em', md: 0 }}
          style={{ display: 'flex', alignItems: 'center', justifyContent: 'center' }}
        >
          {heroTitle(businessName)}
        </Title>
        <Text fz={{ base: 'lg', sm: 'xl' }} mt="md" opacity={0.92}>
          Los mejores productos y accesorios de tecnología
        </Text>
        {/* Both buttons have a fixed width (a row each on phones): while the browser is still parsing the
            prerendered page, a half-arrived Contactanos must not take a place beside Ver Catálogo that the whole
            button then loses (a layout shift seen on a busy phone). */}
        <Group justify="center" mt="xl" gap="md">
          <Button size="lg" w={BUTTON_WIDTH} color="white" c="primaryLight.7" leftSection={<IconShoppingBag size={22} />} onClick={() => navigate('/catalog')}>
            Ver Catálogo
          </Button>
          <Button size="lg" w={BUTTON_WIDTH} variant="outline" color="white" leftSection={<IconMessageCircle size={22} />} onClick={onContact}>
            Contactanos
          </Button>
        </Group>
      </Container>
    </Box>
  );
}
