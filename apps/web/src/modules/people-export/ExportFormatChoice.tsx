import { PEOPLE_EXPORT_FORMATS, PEOPLE_EXPORT_TEXTS, type PeopleExportFormat } from '@mandato/domain';
import { Radio } from 'antd';
import { useState } from 'react';
import './export.css';

/**
 * 'Formato do arquivo' of the export confirmation: CSV (the default) or the XLSX spreadsheet the
 * import reads back. The dialog is imperative (modal.confirm), so the choice is reported upward.
 */
export function ExportFormatChoice({ onChange }: { onChange: (format: PeopleExportFormat) => void }) {
  const [format, setFormat] = useState<PeopleExportFormat>('CSV');
  return (
    <fieldset className="export-format">
      <legend>{PEOPLE_EXPORT_TEXTS.format}</legend>
      <Radio.Group
        value={format}
        onChange={(e) => {
          const chosen = e.target.value as PeopleExportFormat;
          setFormat(chosen);
          onChange(chosen);
        }}
        options={PEOPLE_EXPORT_FORMATS.map((f) => ({ value: f, label: PEOPLE_EXPORT_TEXTS.formats[f] }))}
        style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
      />
    </fieldset>
  );
}
