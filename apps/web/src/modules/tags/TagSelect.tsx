import type { CodeName } from '@mandato/domain';
import { RemoteSelect } from '../../platform/ui/autocomplete/RemoteSelect.tsx';
import { LOOKUPS } from '../autocomplete/lookups.ts';
import { useCreateTag } from './hooks/useCreateTag.ts';

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
  const createTag = useCreateTag();
  return (
    <RemoteSelect
      ariaLabel="Tags"
      lookup={LOOKUPS.tag}
      multiple
      value={value}
      known={known}
      placeholder="Tags"
      style={{ width: '100%' }}
      onChange={(codes) => onChange(codes)}
      onCreate={async (name) => {
        try {
          return await createTag.mutateAsync(name);
        } catch {
          return undefined; // 'Falha ao tentar salvar tag' already shown
        }
      }}
    />
  );
}
