/**
 * Landing contact form (docs/spec.md §4/§5): trimmed message 10–5000 characters; success clears the form and
 * its notice disappears after 5000 ms; warnings and errors stay until the next attempt.
 */
import { Alert, Button, Paper, SimpleGrid, Stack, Textarea, TextInput, Title } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { LIMITS, TIMINGS } from '../../../../domain/constants';
import { contactMessageCounter } from '../../../../domain/contact-rules';
import { useContactForm } from '../shared/useContactForm';

export function ContactForm() {
  const { form, set, sending, notice, setNotice, submit } = useContactForm({ successMs: TIMINGS.landingSuccessHideMs });

  return (
    <Paper withBorder p="lg">
      <Stack component="form" onSubmit={submit} gap="md">
        <Title order={3} size="h4">
          Envianos tu consulta
        </Title>
        {notice && (
          <Alert color={notice.color} variant="light" role={notice.color === 'success' ? 'status' : 'alert'} withCloseButton onClose={() => setNotice(null)}>
            {notice.text}
          </Alert>
        )}
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <TextInput label="Nombre" required size="md" autoComplete="name" value={form.name} onChange={(e) => set('name')(e.currentTarget.value)} />
          <TextInput label="Email" type="email" required size="md" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.currentTarget.value)} />
          <TextInput label="Teléfono" size="md" type="tel" autoComplete="tel" placeholder="Ej: 11 1234-5678" value={form.phone} onChange={(e) => set('phone')(e.currentTarget.value)} />
          <TextInput label="Asunto" size="md" value={form.subject} onChange={(e) => set('subject')(e.currentTarget.value)} />
        </SimpleGrid>
        <Textarea
          label="Mensaje"
          required
          size="md"
          minRows={5}
          autosize
          minLength={LIMITS.contactMessageMin}
          maxLength={LIMITS.contactMessageMax}
          placeholder={`Contanos en qué podemos ayudarte (mínimo ${LIMITS.contactMessageMin} caracteres)`}
          description={contactMessageCounter(form.message)}
          inputWrapperOrder={['label', 'input', 'description', 'error']}
          value={form.message}
          onChange={(e) => set('message')(e.currentTarget.value)}
        />
        <Button type="submit" size="md" loading={sending} leftSection={<IconSend size={20} />} style={{ alignSelf: 'flex-end' }}>
          Enviar Mensaje
        </Button>
      </Stack>
    </Paper>
  );
}
