import { Fragment } from 'react';

/** Where an e-mail may continue on the next line: after its '@' and after each '.' before it. */
function breakOffsets(email: string): number[] {
  const at = email.lastIndexOf('@');
  if (at < 0) return [];
  const offsets = [at + 1];
  for (let i = email.indexOf('.'); i >= 0 && i < at; i = email.indexOf('.', i + 1)) offsets.push(i + 1);
  return offsets.sort((a, b) => a - b);
}

/**
 * An e-mail whole. In a column narrower than the address it continues on the next line after its
 * '@' or after a '.' of the part before it — the only breaks it offers — so a table sized to
 * content never has to cut it, and a short address stays on one line.
 */
export function EmailText({ email }: { email: string | null }) {
  if (!email) return null;
  const starts = [0, ...breakOffsets(email)];
  return (
    <span className="email-text">
      {starts.map((start, i) => (
        <Fragment key={start}>
          {start > 0 && <wbr />}
          {email.slice(start, starts[i + 1])}
        </Fragment>
      ))}
    </span>
  );
}
