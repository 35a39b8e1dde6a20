import { Fragment } from 'react';

/**
 * An e-mail address that wraps only where a reader expects it: after the "@" and before each ".",
 * never in the middle of a word or at a hyphen (each piece is unbreakable and a <wbr> marks each place,
 * so copying the address copies it intact).
 */
export function EmailText({ email }: { email: string }) {
  const parts = email.split(/(?<=@)|(?=\.)/);
  return (
    <span>
      {parts.map((part, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span style={{ whiteSpace: 'nowrap' }}>{part}</span>
        </Fragment>
      ))}
    </span>
  );
}
