import { Anchor, Group, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconClock, IconMail, IconMapPin, IconPhone } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { FALLBACKS } from '../../../../domain/constants';
import { digitsOnly } from '../../../../domain/text';
import { useBusiness } from '../../../session/business-context';

function Line({ icon, children }: { icon: ReactNode; children: ReactNode }) {
  return (
    <Group gap="sm" wrap="nowrap" mih={44}>
      <ThemeIcon variant="light" size={40} radius="xl">
        {icon}
      </ThemeIcon>
      {children}
    </Group>
  );
}

/** Phone (tel:), e-mail (mailto:), WhatsApp (wa.me + phone digits), address and opening hours. */
export function ContactInfo() {
  const { info } = useBusiness();
  const whatsappDigits = digitsOnly(info?.phone);
  return (
    <Paper withBorder p="lg" h="100%">
      <Stack gap="sm">
        <Title order={3} size="h4">
          Datos de contacto
        </Title>
        {info?.phone && (
          <Line icon={<IconPhone size={20} />}>
            <Anchor href={`tel:${info.phone}`}>{info.phone}</Anchor>
          </Line>
        )}
        {info?.email && (
          <Line icon={<IconMail size={20} />}>
            <Anchor href={`mailto:${info.email}`} style={{ wordBreak: 'break-all' }}>
              {info.email}
            </Anchor>
          </Line>
        )}
        {whatsappDigits && (
          <Line icon={<IconBrandWhatsapp size={20} />}>
            <Anchor href={`https://wa.me/${whatsappDigits}`} target="_blank" rel="noopener noreferrer">
              Escribinos por WhatsApp
            </Anchor>
          </Line>
        )}
        <Line icon={<IconMapPin size={20} />}>
          <Text>{[info?.address || FALLBACKS.address, info?.city, info?.province].filter(Boolean).join(', ')}</Text>
        </Line>
        {info?.openingHours && (
          <Line icon={<IconClock size={20} />}>
            <Text>{info.openingHours}</Text>
          </Line>
        )}
      </Stack>
    </Paper>
  );
}
