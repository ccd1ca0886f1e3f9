import type { CodeName } from '@mandato/domain';
import { Col, Row } from 'antd';
import { CodeSelectField } from '../../../platform/ui/form/CodeSelectField.tsx';
import { TextAreaField, TextField } from '../../../platform/ui/form/TextField.tsx';
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
  return (
    <Row gutter={12}>
      <Col xs={24} sm={12}>
        <TextField form={form} name="profession" id="person-profession" label="Profissão" maxLength={100} />
      </Col>
      <Col xs={24} sm={12}>
        <CodeSelectField
          form={form}
          name="companyCode"
          id="person-company"
          label="Local de votação"
          lookup={LOOKUPS.company}
          known={known.company}
        />
      </Col>
      <Col xs={24} sm={12}>
        <CodeSelectField
          form={form}
          name="godfatherCode"
          id="person-godfather"
          label="Padrinho"
          lookup={LOOKUPS.person}
          known={known.godfather}
        />
      </Col>
      <Col xs={12} sm={6}>
        <TextField form={form} name="votingZone" id="person-votingZone" label="Zona" maxLength={10} />
      </Col>
      <Col xs={12} sm={6}>
        <TextField form={form} name="votingSection" id="person-votingSection" label="Seção" maxLength={10} />
      </Col>
      <Col span={24}>
        <TextAreaField
          form={form}
          name="notes"
          id="person-notes"
          label="Observações"
          rows={3}
          maxLength={5000}
        />
      </Col>
    </Row>
  );
}
