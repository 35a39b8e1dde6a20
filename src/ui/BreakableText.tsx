import { Fragment } from 'react';

/**
 * Text that wraps only between the given pieces, never inside one (each piece is unbreakable and a
 * <wbr> marks each place, so copying the text copies it intact — no invisible characters).
 */
export function BreakableText({ pieces }: { pieces: string[] }) {
  return (
    <span>
      {pieces.map((piece, i) => (
        <Fragment key={i}>
          {i > 0 && <wbr />}
          <span style={{ whiteSpace: 'nowrap' }}>{piece}</span>
        </Fragment>
      ))}
    </span>
  );
}

/** An e-mail address that wraps only after the "@" and before each ".", never mid-word or at a hyphen. */
export function EmailText({ email }: { email: string }) {
  return <BreakableText pieces={email.split(/(?<=@)|(?=\.)/)} />;
}

/** A sale number that wraps only after its separators ("-", "/", "_", "."). */
export function SaleNumberText({ saleNumber }: { saleNumber: string }) {
  return <BreakableText pieces={saleNumber.split(/(?<=[-/_.])/)} />;
}
