import type { CodeName } from '@mandato/domain';
import { Col, Input, Row } from 'antd';
import { RemoteSelect } from '../../../platform/ui/autocomplete/RemoteSelect.tsx';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { LOOKUPS } from '../../autocomplete/lookups.ts';
import type { PersonForm } from './usePersonForm.ts';

/** 'Dados Avançados': profession, voting place, godfather, voting zone and section, notes. */
export function AdvancedFields({
  form,
  known,
}: {
  form: PersonForm;
  known: { company: CodeName[]; godfather: CodeName[] };
}) {
  const { values, set, errors } = form;
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <FormField id="person-profession" label="Profissão" error={errors.profession}>
          <Input
            id="person-profession"
            maxLength={100}
            value={values.profession}
            onChange={(e) => set('profession', e.target.value)}
          />
        </FormField>
      </Col>
      <Col xs={24} sm={12}>
        <FormField id="person-company" label="Local de votação" error={errors.companyCode}>
          <RemoteSelect
            ariaLabel="Local de votação"
            lookup={LOOKUPS.company}
            known={known.company}
            style={{ width: '100%' }}
            value={values.companyCode ? [values.companyCode] : []}
            onChange={(codes) => set('companyCode', codes[0])}
          />
        </FormField>
      </Col>
      <Col xs={24} sm={12}>
        <FormField id="person-godfather" label="Padrinho" error={errors.godfatherCode}>
          <RemoteSelect
            ariaLabel="Padrinho"
            lookup={LOOKUPS.person}
            known={known.godfather}
            style={{ width: '100%' }}
            value={values.godfatherCode ? [values.godfatherCode] : []}
            onChange={(codes) => set('godfatherCode', codes[0])}
          />
        </FormField>
      </Col>
      <Col xs={12} sm={6}>
        <FormField id="person-votingZone" label="Zona" error={errors.votingZone}>
          <Input
            id="person-votingZone"
            maxLength={10}
            value={values.votingZone}
            onChange={(e) => set('votingZone', e.target.value)}
          />
        </FormField>
      </Col>
      <Col xs={12} sm={6}>
        <FormField id="person-votingSection" label="Seção" error={errors.votingSection}>
          <Input
            id="person-votingSection"
            maxLength={10}
            value={values.votingSection}
            onChange={(e) => set('votingSection', e.target.value)}
          />
        </FormField>
      </Col>
      <Col span={24}>
        <FormField id="person-notes" label="Observações" error={errors.notes}>
          <Input.TextArea
            id="person-notes"
            rows={3}
            maxLength={5000}
            value={values.notes}
            onChange={(e) => set('notes', e.target.value)}
          />
        </FormField>
      </Col>
    </Row>
  );
}
