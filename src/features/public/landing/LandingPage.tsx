import { Title } from '@mantine/core';

export default function LandingPage() {
  return <Title>Bienvenido</Title>;
}
