import { Result } from 'antd';
import { Route, Routes } from 'react-router';
import { useAccessContext } from '../../platform/session/useAccessContext.ts';
import { defaultSegmentType } from '../segments/segmentTypes.ts';
import { ExportPage } from '../transfer/ExportPage.tsx';
import { ImportPage } from '../transfer/ImportPage.tsx';
import { PeopleListScreen } from './screen/PeopleListScreen.tsx';

/** /:slug/pessoas and its export and import routes (spec 2 §2 "Routes"). */
export function PeoplePage() {
  const ctx = useAccessContext();
  const defaultType = defaultSegmentType(ctx);
  return (
    <Routes>
      <Route path="exportar/:type" element={<ExportPage />} />
      <Route path="importar/:type" element={<ImportPage />} />
      <Route
        path="*"
        element={
          defaultType ? (
            <PeopleListScreen defaultType={defaultType} />
          ) : (
            <Result status="403" title="Falha ao tentar determinar lista de segmentacao padrao" />
          )
        }
      />
    </Routes>
  );
}
