import type { CodeName } from '@mandato/domain';
import { crmApi } from '../api/crmApi.ts';
import { RemoteSelect } from '../autocomplete/RemoteSelect.tsx';

/** Tags of a record: search as you type, or create a new tag by its name (POST /tags). */
export function TagSelect({
  value,
  onChange,
  known,
}: {
  value: number[];
  onChange: (codes: number[]) => void;
  known?: CodeName[];
}) {
  return (
    <RemoteSelect
      ariaLabel="Tags"
      source="tag"
      multiple
      value={value}
      known={known}
      placeholder="Tags"
      style={{ width: '100%' }}
      onChange={(codes) => onChange(codes)}
      onCreate={async (name) => {
        try {
          return await crmApi.tags.create(name);
        } catch {
          return undefined; // 'Falha ao tentar salvar tag' already shown
        }
      }}
    />
  );
}
