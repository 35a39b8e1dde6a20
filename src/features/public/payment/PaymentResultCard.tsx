import { Center, Paper, Stack, Text, ThemeIcon, Title } from '@mantine/core';
import type { ReactNode } from 'react';

interface Props {
  icon: ReactNode;
  color: string;
  title: string;
  subtitle: string;
  children: ReactNode;
}

/**
 * The centred card shared by the three payment result pages. The icon carries the result's colour; the
 * title stays in the text colour (the spec's orange and green are under 3:1 as text on white).
 */
export function PaymentResultCard({ icon, color, title, subtitle, children }: Props) {
  return (
    <Center mih="100dvh" p="md">
      <Paper withBorder shadow="md" p={{ base: 'lg', sm: 'xl' }} w="100%" maw={560}>
        <Stack align="center" gap="md">
          <ThemeIcon color={color} variant="light" size={88} radius="xl">
            {icon}
          </ThemeIcon>
          <Title order={1} size="h2" ta="center">
            {title}
          </Title>
          <Text ta="center" size="lg">
            {subtitle}
          </Text>
          {children}
        </Stack>
      </Paper>
    </Center>
  );
}
