import { Select } from 'antd';
import { useEffect, useMemo, useState } from 'react';
import { autocompleteHint } from '../../platform/ui/autocomplete/autocompleteHint.ts';
import { searchUserNames, type UserName } from './api.ts';

const DEBOUNCE_MS = 350;

export interface UserSelectProps {
  /** the chosen user codes (one at most unless `multiple`) */
  value: string[];
  onChange: (codes: string[]) => void;
  /** names already known for the value (e.g. the record's guests) */
  known?: UserName[];
  multiple?: boolean;
  ariaLabel: string;
  placeholder?: string;
  disabled?: boolean;
  id?: string;
}

/** Users picker (guests of schedules and events, responsible of interactions), by user code. */
export function UserSelect({
  value,
  onChange,
  known = [],
  multiple,
  ariaLabel,
  placeholder,
  disabled,
  id,
}: UserSelectProps) {
  const [search, setSearch] = useState('');
  const [results, setResults] = useState<UserName[]>([]);
  const [loading, setLoading] = useState(false);
  const [names, setNames] = useState<Map<string, string>>(() => new Map());

  useEffect(() => {
    const controller = new AbortController();
    setLoading(true);
    const timer = setTimeout(() => {
      searchUserNames(search.trim(), controller.signal)
        .then((list) => setResults(list))
        .catch(() => setResults([]))
        .finally(() => {
          if (!controller.signal.aborted) setLoading(false);
        });
    }, DEBOUNCE_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [search]);

  const options = useMemo(() => {
    const label = new Map(names);
    for (const k of known) label.set(k.code, k.name);
    for (const r of results) label.set(r.code, r.name);
    const seen = new Set<string>();
    const out: { value: string; label: string }[] = [];
    for (const code of [...value, ...results.map((r) => r.code)]) {
      if (seen.has(code)) continue;
      seen.add(code);
      out.push({ value: code, label: label.get(code) ?? code });
    }
    return out;
  }, [value, results, known, names]);

  const pick = (raw: string | string[] | undefined) => {
    const codes = raw === undefined ? [] : Array.isArray(raw) ? raw : [raw];
    setNames((prev) => {
      const next = new Map(prev);
      for (const r of results) if (codes.includes(r.code)) next.set(r.code, r.name);
      return next;
    });
    setSearch('');
    onChange(codes);
  };

  return (
    <Select<string | string[]>
      id={id}
      aria-label={ariaLabel}
      mode={multiple ? 'multiple' : undefined}
      value={multiple ? value : value[0]}
      options={options}
      placeholder={placeholder}
      disabled={disabled}
      allowClear
      showSearch={{ filterOption: false, onSearch: setSearch, searchValue: search }}
      onChange={pick}
      notFoundContent={autocompleteHint(search, loading)}
      style={{ width: '100%' }}
    />
  );
}
