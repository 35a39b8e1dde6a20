/**
 * Enquiry form of the Consultar dialog (docs/spec.md §2/§4): prefilled Asunto and Mensaje; sends POST /contact
 * with productId so the enquiry lands in the admin inbox. Success shows the message, clears the form and
 * closes after 2000 ms; failure shows the error and stays open. Cancelar and Enviar Consulta stay at the
 * dialog's bottom edge (sticky) when the dialog is taller than the window. A warning or an error can be closed
 * («Cerrar aviso»); closing it keeps what the visitor typed.
 */
import { Alert, Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { IconSend } from '@tabler/icons-react';
import { LIMITS, TIMINGS } from '../../../../domain/constants';
import { contactMessageCounter } from '../../../../domain/contact-rules';
import type { CatalogProduct } from '../../../api/catalog';
import { useContactForm } from '../shared/useContactForm';
import { enquiryGreeting, enquirySubject } from './enquiry-text';

export function EnquiryForm({ product, onClose }: { product: CatalogProduct; onClose: () => void }) {
  const { form, set, sending, notice, setNotice, submit } = useContactForm({
    initial: { subject: enquirySubject(product), message: enquiryGreeting(product) },
    productId: product.id,
    successMs: TIMINGS.enquiryAutoCloseMs,
    onSuccessElapsed: onClose,
  });

  return (
    <Stack component="form" onSubmit={submit} gap="sm">
      {notice && (
        <Alert
          color={notice.color}
          variant="light"
          role={notice.color === 'success' ? 'status' : 'alert'}
          withCloseButton={notice.color !== 'success'}
          closeButtonLabel="Cerrar aviso"
          onClose={() => setNotice(null)}
        >
          {notice.text}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput label="Nombre" required size="md" autoComplete="name" value={form.name} onChange={(e) => set('name')(e.currentTarget.value)} />
        <TextInput label="Email" type="email" required size="md" autoComplete="email" value={form.email} onChange={(e) => set('email')(e.currentTarget.value)} />
      </SimpleGrid>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
        <TextInput
          label="Teléfono (opcional)"
          type="tel"
          size="md"
          autoComplete="tel"
          placeholder="Ej: 11 1234-5678"
          value={form.phone}
          onChange={(e) => set('phone')(e.currentTarget.value)}
        />
        <TextInput label="Asunto (opcional)" size="md" value={form.subject} onChange={(e) => set('subject')(e.currentTarget.value)} />
      </SimpleGrid>
      <Textarea
        label="Mensaje"
        required
        size="md"
        rows={4}
        minLength={LIMITS.contactMessageMin}
        maxLength={LIMITS.contactMessageMax}
        placeholder={`Escribí tu consulta (mínimo ${LIMITS.contactMessageMin} caracteres)`}
        description={contactMessageCounter(form.message)}
        inputWrapperOrder={['label', 'input', 'description', 'error']}
        value={form.message}
        onChange={(e) => set('message')(e.currentTarget.value)}
      />
      {/* Kept at the bottom of the dialog while its content scrolls, so sending never needs a scroll. */}
      <Group justify="flex-end" pos="sticky" bottom={0} py="sm" bg="var(--mantine-color-body)" style={{ zIndex: 1 }}>
        <Button variant="default" size="md" onClick={onClose} disabled={sending}>
          Cancelar
        </Button>
        <Button type="submit" size="md" disabled={sending} leftSection={<IconSend size={20} />}>
          {sending ? 'Enviando...' : 'Enviar Consulta'}
        </Button>
      </Group>
    </Stack>
  );
}
