import { DONATION_TEXTS } from '@mandato/domain';
import { Typography } from 'antd';

/** The provider's terms (spec 3 §9): what the account costs, as a list. */
export function ProviderTerms() {
  return (
    <>
      <Typography.Title level={3} style={{ fontSize: 16 }}>
        {DONATION_TEXTS.terms.title}
      </Typography.Title>
      <ul className="donation-terms">
        {DONATION_TEXTS.terms.lines.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </>
  );
}
