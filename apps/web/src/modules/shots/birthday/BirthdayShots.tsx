import { BIRTHDAY_TEXTS } from '@mandato/domain';
import { Button } from 'antd';
import { useNavigate } from 'react-router';
import { useForbiddenRedirect } from '../../marketing/hooks/useForbiddenRedirect.ts';
import { useBirthdayShots } from '../hooks/useBirthday.ts';
import { ShotList } from '../list/ShotList.tsx';
import { birthdaySettingsPath } from '../shotPaths.ts';

/** 'aniversariantes': each day's birthday shot with its panels and details link, and the setting's button. */
export function BirthdayShots({ base }: { base: string }) {
  const navigate = useNavigate();
  const list = useBirthdayShots();
  useForbiddenRedirect(list.error);
  return (
    <>
      <div className="shots-home__bar">
        <Button type="primary" onClick={() => navigate(birthdaySettingsPath(base))}>
          {BIRTHDAY_TEXTS.configure}
        </Button>
      </div>
      <ShotList
        shots={list.data?.list}
        loading={list.isLoading}
        error={list.isError}
        base={base}
        detailsLinks
      />
    </>
  );
}
