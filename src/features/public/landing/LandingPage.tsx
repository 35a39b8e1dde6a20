/**
 * Public landing `/` (docs/spec.md §2): sticky bar, hero, contact section, footer. The build prerenders only
 * the bar and the hero (`firstViewOnly`): the contact section and the footer depend on the shop's data, which
 * the build does not know, so they appear below the hero when React mounts rather than move under the eye.
 */
import { Box, Button, Container, Grid, Text, Title } from '@mantine/core';
import { IconHome, IconLogin, IconMail, IconShoppingBag } from '@tabler/icons-react';
import { useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { useBusiness } from '../../../session/business-context';
import { PublicBar } from '../shared/PublicBar';
import { PublicFooter } from '../shared/PublicFooter';
import { publicShopName } from '../shared/public-names';
import { ContactForm } from './ContactForm';
import { ContactInfo } from './ContactInfo';
import { Hero } from './Hero';

export default function LandingPage({ firstViewOnly = false }: { firstViewOnly?: boolean }) {
  const { businessName } = useBusiness();
  const navigate = useNavigate();
  const contactRef = useRef<HTMLElement>(null);
  const toTop = () => window.scrollTo({ top: 0, behavior: 'smooth' });
  const toContact = () => contactRef.current?.scrollIntoView({ behavior: 'smooth' });

  const barButton = { variant: 'subtle', color: 'white', c: 'inherit', size: 'md' } as const;
  return (
    <>
      <PublicBar
        title={publicShopName(businessName)}
        onTitleClick={toTop}
        actions={
          <>
            <Button {...barButton} onClick={toTop}>Inicio</Button>
            <Button {...barButton} onClick={() => navigate('/catalog')}>Catálogo</Button>
            <Button {...barButton} onClick={toContact}>Contacto</Button>
            <Button {...barButton} variant="outline" leftSection={<IconLogin size={20} />} onClick={() => navigate('/login')}>
              Iniciar Sesión
            </Button>
          </>
        }
        drawerEntries={[
          { label: 'Inicio', icon: <IconHome size={20} />, onSelect: toTop },
          { label: 'Catálogo', icon: <IconShoppingBag size={20} />, onSelect: () => navigate('/catalog') },
          { label: 'Contacto', icon: <IconMail size={20} />, onSelect: toContact },
          { label: 'Iniciar Sesión', icon: <IconLogin size={20} />, onSelect: () => navigate('/login') },
        ]}
      />
      <main>
        <Hero onContact={toContact} />
        {!firstViewOnly && (
          <Box component="section" id="contacto" ref={contactRef} py={{ base: 40, md: 64 }} style={{ scrollMarginTop: 64 }}>
            <Container size="lg">
              <Title order={2} ta="center">
                Contacto
              </Title>
              <Text c="dimmed" ta="center" mt={4} mb="xl">
                ¿Tenés alguna pregunta? Escribinos y te respondemos a la brevedad.
              </Text>
              <Grid gap="lg">
                <Grid.Col span={{ base: 12, md: 5 }}>
                  <ContactInfo />
                </Grid.Col>
                <Grid.Col span={{ base: 12, md: 7 }}>
                  <ContactForm />
                </Grid.Col>
              </Grid>
            </Container>
          </Box>
        )}
      </main>
      {!firstViewOnly && <PublicFooter />}
    </>
  );
}
