import { AUTOCOMPLETE_DEBOUNCE_MS } from '@mandato/domain';
import { AutoComplete } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { useMunicipalities } from './hooks/useAmendments.ts';

/** 'Recife - PE': how a picked municipality is written in the amendment's title. */
export const municipalityText = (name: string, uf: string) => `${name} - ${uf}`;

/**
 * The municipality of an amendment: suggestions from the offline list as the user types (name and
 * UF), free text still allowed (a district, a region, a state).
 */
export function MunicipalityInput({
  id,
  value,
  onChange,
  placeholder,
  ariaLabel,
  maxLength = 150,
}: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  placeholder?: string;
  ariaLabel?: string;
  maxLength?: number;
}) {
  const [search, setSearch] = useState('');
  useEffect(() => {
    const timer = setTimeout(() => setSearch(value), AUTOCOMPLETE_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [value]);
  // the picked 'Name - UF' searches by its name only
  const found = useMunicipalities(search.replace(/ - [A-Z]{2}$/, ''));
  const options = useMemo(
    () =>
      (found.data ?? []).map((m) => {
        const text = municipalityText(m.name, m.uf);
        return { value: text, label: text };
      }),
    [found.data],
  );
  return (
    <AutoComplete
      id={id}
      value={value}
      options={options}
      onChange={(v: string) => onChange(v ?? '')}
      placeholder={placeholder}
      aria-label={ariaLabel}
      maxLength={maxLength}
      allowClear
      style={{ width: '100%' }}
    />
  );
}
