import type { CodeName } from '@mandato/domain';
import { Select } from 'antd';
import { useMemo, useState } from 'react';
import { autocompleteHint } from './autocompleteHint.ts';
import type { Lookup } from './lookup.ts';
import { useKnownNames } from './useKnownNames.ts';
import { useLookupSearch } from './useLookupSearch.ts';

export interface RemoteSelectProps {
  /** What the select searches (people, companies, team members, tags…). */
  lookup: Lookup;
  value: number[];
  onChange: (codes: number[], picked: CodeName[]) => void;
  multiple?: boolean;
  /** Names already known for the value (e.g. the record's tags). */
  known?: CodeName[];
  placeholder?: string;
  ariaLabel?: string;
  disabled?: boolean;
  /** Extra options rendered after the results (e.g. "create tag"). */
  onCreate?: (name: string) => Promise<CodeName | undefined>;
  style?: React.CSSProperties;
}

const CREATE_PREFIX = '__create__:';

/** A select that searches the API as the user types (350 ms), with the spec's hints. */
export function RemoteSelect({
  lookup,
  value,
  onChange,
  multiple = false,
  known,
  placeholder,
  ariaLabel,
  disabled,
  onCreate,
  style,
}: RemoteSelectProps) {
  const [search, setSearch] = useState('');
  const { results, loading } = useLookupSearch(lookup, search);
  const { names, remember } = useKnownNames(lookup, value, known);

  const options = useMemo(() => {
    const seen = new Set<number>();
    const out: { value: number | string; label: string }[] = [];
    for (const code of value) {
      seen.add(code);
      out.push({ value: code, label: names.get(code) ?? `#${code}` });
    }
    for (const r of results) {
      if (!seen.has(r.code)) {
        seen.add(r.code);
        out.push({ value: r.code, label: r.name });
      }
    }
    const text = search.trim();
    if (onCreate && text && !loading && !results.some((r) => r.name.toLowerCase() === text.toLowerCase())) {
      out.push({ value: `${CREATE_PREFIX}${text}`, label: `Criar "${text}"` });
    }
    return out;
  }, [value, names, results, search, loading, onCreate]);

  const pick = async (raw: unknown) => {
    const list = (Array.isArray(raw) ? raw : raw === undefined || raw === null ? [] : [raw]) as (
      | number
      | string
    )[];
    const codes: number[] = [];
    const picked: CodeName[] = [];
    for (const item of list) {
      if (typeof item === 'string' && item.startsWith(CREATE_PREFIX)) {
        const created = await onCreate?.(item.slice(CREATE_PREFIX.length));
        if (created) {
          codes.push(created.code);
          picked.push(created);
        }
      } else if (typeof item === 'number') {
        codes.push(item);
        const found = results.find((r) => r.code === item);
        const name = found?.name ?? names.get(item);
        if (name !== undefined) picked.push({ code: item, name });
      }
    }
    remember(picked);
    setSearch('');
    onChange(codes, picked);
  };

  return (
    <Select
      aria-label={ariaLabel}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? value : value[0]}
      options={options}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onChange={(v) => void pick(v)}
      notFoundContent={autocompleteHint(search, loading)}
      style={{ minWidth: 180, ...style }}
    />
  );
}
