import { Button, Code, Group, Paper, SimpleGrid, Stack, Table, Text, Title } from '@mantine/core';
import { NUMBERING_VARIABLES } from '../../../../domain/schemas/configuration';
import { EXAMPLE_FORMATS } from './numbering-form';

/** The variables list and example formats, each with what it would give now ("Usar" applies it). */
export function NumberingHelp({ previewOf, onUse }: { previewOf: (formato: string) => string; onUse: (formato: string) => void }) {
  return (
    <SimpleGrid cols={{ base: 1, lg: 2 }}>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="xs">
          Variables disponibles
        </Title>
        <Table verticalSpacing={6} aria-label="Variables disponibles">
          <Table.Tbody>
            {NUMBERING_VARIABLES.map((v) => (
              <Table.Tr key={v.token}>
                <Table.Td>
                  <Code>{v.token}</Code>
                </Table.Td>
                <Table.Td>{v.description}</Table.Td>
              </Table.Tr>
            ))}
          </Table.Tbody>
        </Table>
      </Paper>
      <Paper withBorder p="md" radius="md">
        <Title order={3} size="h5" mb="xs">
          Formatos de ejemplo
        </Title>
        <Stack gap="xs">
          {EXAMPLE_FORMATS.map((formato) => (
            <Group key={formato} justify="space-between" wrap="nowrap" gap="xs">
              <div style={{ minWidth: 0 }}>
                <Code style={{ overflowWrap: 'anywhere' }}>{formato}</Code>
                <Text size="sm" c="dimmed">
                  → {previewOf(formato)}
                </Text>
              </div>
              <Button variant="light" size="md" onClick={() => onUse(formato)} aria-label={`Usar el formato ${formato}`}>
                Usar
              </Button>
            </Group>
          ))}
        </Stack>
      </Paper>
    </SimpleGrid>
  );
}
