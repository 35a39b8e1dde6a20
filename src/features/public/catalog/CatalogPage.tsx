import { Title } from '@mantine/core';

export default function CatalogPage() {
  return <Title>Nuestro Catálogo</Title>;
}
