import {
  type FilterExpression,
  PEOPLE_EXPORT_TEXTS,
  type PeopleExportFormat,
  type PeopleExportType,
  SEGMENT_TYPE_PATHS,
} from '@mandato/domain';
import { App } from 'antd';
import { useNavigate, useParams } from 'react-router';
import { ExportFormatChoice } from '../ExportFormatChoice.tsx';
import { useExportPeople } from './usePeopleExports.ts';

export interface ExportTarget {
  type: PeopleExportType;
  expression: FilterExpression;
  /** the records the list shows (the confirmation's N) */
  total: number;
  /** the saved list the expression came from, recorded in the history */
  segmentCode?: number;
}

/** /{slug}/pessoas/exportar/{segmentType}[?lista=code]: the export page of a list. */
export const exportPagePath = (slug: string, type: PeopleExportType, segmentCode?: number) =>
  `/${slug}/pessoas/exportar/${SEGMENT_TYPE_PATHS[type]}${segmentCode ? `?lista=${segmentCode}` : ''}`;

/**
 * 'Deseja realmente exportar N {type}?' (spec 2 §8) with the file format (CSV or XLSX), then the
 * download. `historyLink` adds a link to the export page of the list, with its history (from the
 * people screen).
 */
export function useConfirmExport(historyLink = false) {
  const { modal } = App.useApp();
  const navigate = useNavigate();
  const { slug = '' } = useParams();
  const download = useExportPeople();
  const confirm = (target: ExportTarget) => {
    const path = exportPagePath(slug, target.type, target.segmentCode);
    let format: PeopleExportFormat = 'CSV';
    const dialog = modal.confirm({
      title: PEOPLE_EXPORT_TEXTS.confirm(target.total, target.type),
      content: (
        <>
          <ExportFormatChoice
            onChange={(chosen) => {
              format = chosen;
            }}
          />
          {historyLink ? (
            <a
              href={path}
              onClick={(event) => {
                event.preventDefault();
                dialog.destroy();
                navigate(path);
              }}
            >
              {PEOPLE_EXPORT_TEXTS.historyLink}
            </a>
          ) : null}
        </>
      ),
      okText: PEOPLE_EXPORT_TEXTS.yes,
      cancelText: PEOPLE_EXPORT_TEXTS.no,
      onOk: async () => {
        try {
          await download.mutateAsync({
            type: target.type,
            expression: target.expression,
            format,
            ...(target.segmentCode ? { segmentCode: target.segmentCode } : {}),
          });
        } catch {
          // 'Ocorreu um erro ao tentar exportar a lista' already shown
        }
      },
    });
  };
  return { confirm, pending: download.isPending };
}
