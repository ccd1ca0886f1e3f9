import { hasPermission, PERSON_MESSAGES, type Person, PRIVACY_WEB_TEXTS as T_PRIVACY } from '@mandato/domain';
import { Alert, Button, Collapse, Drawer, Empty, Form, Skeleton, Space, Tabs } from 'antd';
import { useEffect, useState } from 'react';
import { useIsMobile } from '../../../platform/layout/useIsMobile.ts';
import { useAccessContext } from '../../../platform/session/useAccessContext.ts';
import { FormAddressFields } from '../../../platform/ui/address/FormAddressFields.tsx';
import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import { RegisterDemandButton } from '../../demands/RegisterDemandButton.tsx';
import { InteractionsPanel } from '../../interactions/InteractionsPanel.tsx';
import { PersonSponsorPanel } from '../../sponsor/PersonSponsorPanel.tsx';
import { usePerson } from '../hooks/usePeople.ts';
import { useSavePerson } from '../hooks/usePeopleMutations.ts';
import { PEOPLE_TEXTS } from '../texts.ts';
import { AdvancedFields } from './AdvancedFields.tsx';
import { personDrawerTitle } from './drawerTitle.ts';
import { MakeTeamButton } from './MakeTeamButton.tsx';
import { PersonalFields } from './PersonalFields.tsx';
import { PersonConsentsPanel } from './PersonConsentsPanel.tsx';
import { EMPTY_PERSON_FORM, knownNamesOf, personFormValuesOf } from './personFormValues.ts';
import { usePersonForm } from './usePersonForm.ts';

export const PERSON_DRAWER_WIDTH = 600;

export interface PersonDrawerProps {
  /** PERSON opens a contact, TEAM a team member (isUser). */
  type: 'PERSON' | 'TEAM';
  /** Code of the person to edit; absent for a new one. */
  code?: number;
  onClose: () => void;
  /** After a save; `created` tells a new record from an edit. */
  onSaved: (created: boolean) => void;
}

/** New or edited person or team member (spec 2 §2 "Person drawer"). */
export function PersonDrawer({ type, code, onClose, onSaved }: PersonDrawerProps) {
  const mobile = useIsMobile();
  const ctx = useAccessContext();
  const editing = code !== undefined;
  const loaded = usePerson(code);
  const savePerson = useSavePerson();
  const person: Person | undefined = loaded.data;
  const team = type === 'TEAM' || person?.isUser === true;
  const form = usePersonForm(EMPTY_PERSON_FORM, team);
  const [panels, setPanels] = useState<string[]>(['personal', 'address', 'advanced']);

  const { reset } = form;
  useEffect(() => {
    if (person) reset(personFormValuesOf(person));
  }, [person, reset]);

  const loading = editing && (loaded.isLoading || !person);
  const invalid = !form.validation.payload;
  const known = knownNamesOf(person);

  const save = async () => {
    const payload = form.validation.payload;
    if (!payload) return;
    try {
      await savePerson.mutateAsync({ code, payload });
      onSaved(!editing);
    } catch (error) {
      form.setServerErrors(serverFieldErrors(error));
    }
  };

  const canMakeTeam = editing && !team && hasPermission(ctx, ['ROLE_TEAM']);
  const cadastral = loading ? (
    <Skeleton active paragraph={{ rows: 8 }} />
  ) : (
    <Form layout="vertical" component="div" requiredMark={false}>
      <Collapse
        activeKey={panels}
        onChange={(keys) => setPanels(Array.isArray(keys) ? keys : [keys])}
        items={[
          {
            key: 'personal',
            label: 'Dados Pessoais',
            children: <PersonalFields form={form} knownTags={known.tags} />,
          },
          {
            key: 'address',
            label: 'Endereço',
            children: <FormAddressFields form={form} idPrefix="person-address" />,
          },
          {
            key: 'advanced',
            label: 'Dados Avançados',
            children: <AdvancedFields form={form} known={known} />,
          },
          ...(code !== undefined
            ? [
                {
                  key: 'sponsor',
                  label: 'Apadrinhamento',
                  children: <PersonSponsorPanel personCode={code} />,
                },
                {
                  key: 'consents',
                  label: T_PRIVACY.consentsTitle,
                  children: <PersonConsentsPanel personCode={code} />,
                },
              ]
            : []),
        ]}
      />
    </Form>
  );

  return (
    <Drawer
      open
      title={personDrawerTitle(editing, team)}
      size={mobile ? '100%' : PERSON_DRAWER_WIDTH}
      onClose={onClose}
      destroyOnHidden
      footer={
        <div className="drawer-footer">
          {invalid && form.touched.size > 0 && (
            <Alert type="error" showIcon title={PERSON_MESSAGES.general} style={{ marginBottom: 8 }} />
          )}
          <Space wrap style={{ width: '100%', justifyContent: 'flex-end' }}>
            {canMakeTeam && code !== undefined && (
              <MakeTeamButton
                code={code}
                email={form.values.email}
                payload={form.validation.payload}
                onDone={() => onSaved(false)}
              />
            )}
            {editing && !team && person && (
              <RegisterDemandButton code={person.code} name={person.name ?? ''} />
            )}
            <Button onClick={onClose}>Cancelar</Button>
            <Button
              type="primary"
              disabled={invalid || loading}
              loading={savePerson.isPending}
              onClick={() => void save()}
            >
              Salvar
            </Button>
          </Space>
        </div>
      }
    >
      <Tabs
        items={[
          { key: 'cadastral', label: 'Dados Cadastrais', children: cadastral },
          {
            key: 'interactions',
            label: 'Interações',
            children:
              code !== undefined ? (
                <InteractionsPanel personCode={code} />
              ) : (
                <Empty description={PEOPLE_TEXTS.emptyActivities} />
              ),
          },
        ]}
      />
    </Drawer>
  );
}
