/**
 * State and submit of the public contact and enquiry forms (docs/spec.md §4/§5): the trimmed message must be
 * 10–5000 characters (warning, nothing sent); success clears the form; a success notice goes away by
 * itself after `successMs` (or the caller's callback runs then); warnings and errors stay.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { contactMessageError } from '../../../../domain/contact-rules';
import { PUBLIC_MSG } from '../../../../domain/public-messages';
import { sendContact } from '../../../api/contact';

export interface ContactFields {
  name: string;
  email: string;
  phone: string;
  subject: string;
  message: string;
}
export type Notice = { color: 'success' | 'warning' | 'error'; text: string } | null;

const EMPTY: ContactFields = { name: '', email: '', phone: '', subject: '', message: '' };

/** `onSuccessElapsed` runs `successMs` after a success; by default it just hides the notice. */
export function useContactForm(options: { initial?: Partial<ContactFields>; productId?: number; successMs: number; onSuccessElapsed?: () => void }) {
  const { productId, successMs, onSuccessElapsed } = options;
  const [form, setForm] = useState<ContactFields>({ ...EMPTY, ...options.initial });
  const [sending, setSending] = useState(false);
  const [notice, setNotice] = useState<Notice>(null);
  const set = (field: keyof ContactFields) => (value: string) => setForm((f) => ({ ...f, [field]: value }));

  useEffect(() => {
    if (notice?.color !== 'success') return;
    const timer = window.setTimeout(onSuccessElapsed ?? (() => setNotice(null)), successMs);
    return () => window.clearTimeout(timer);
  }, [notice, successMs, onSuccessElapsed]);

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const warning = contactMessageError(form.message);
    if (warning) {
      setNotice({ color: 'warning', text: warning });
      return;
    }
    setSending(true);
    setNotice(null);
    const result = await sendContact({
      name: form.name.trim(),
      email: form.email.trim(),
      phone: form.phone.trim() || undefined,
      subject: form.subject.trim() || undefined,
      message: form.message.trim(),
      ...(productId !== undefined ? { productId } : {}),
    });
    setSending(false);
    if (result.success) {
      setForm(EMPTY);
      setNotice({ color: 'success', text: result.message || PUBLIC_MSG.contactThanks });
    } else {
      setNotice({ color: 'error', text: result.message || PUBLIC_MSG.contactFormError });
    }
  };

  return { form, set, sending, notice, setNotice, submit };
}
