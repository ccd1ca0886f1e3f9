import { GENDER_LABELS, GENDERS, VOTE_LABELS, VOTES } from '@mandato/domain';
import { Col, InputNumber, Row } from 'antd';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { MaskedField } from '../../../platform/ui/form/MaskedField.tsx';
import { SelectField } from '../../../platform/ui/form/SelectField.tsx';
import { TextField } from '../../../platform/ui/form/TextField.tsx';
import { TagSelect } from '../../tags/TagSelect.tsx';
import type { PersonForm } from './usePersonForm.ts';

const GENDER_OPTIONS = GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }));
const VOTE_OPTIONS = VOTES.map((v) => ({ value: v, label: VOTE_LABELS[v] }));

/** 'Dados Pessoais': name, nickname, contacts, documents, vote, influence and tags. */
export function PersonalFields({
  form,
  knownTags,
}: {
  form: PersonForm;
  knownTags: { code: number; name: string }[];
}) {
  const { values, set, errors } = form;
  return (
    <Row gutter={12}>
      <Col xs={24} sm={14}>
        <TextField form={form} name="name" id="person-name" label="Nome" maxLength={150} />
      </Col>
      <Col xs={24} sm={10}>
        <TextField form={form} name="nickname" id="person-nickname" label="Apelido" maxLength={100} />
      </Col>
      <Col xs={24} sm={14}>
        <TextField form={form} name="email" id="person-email" label="E-mail" type="email" maxLength={254} />
      </Col>
      <Col xs={24} sm={10}>
        <MaskedField form={form} name="cellphone" id="person-cellphone" label="Celular" mask="phone" />
      </Col>
      <Col xs={24} sm={10}>
        <MaskedField form={form} name="phoneTwo" id="person-phoneTwo" label="Telefone" mask="phone" />
      </Col>
      <Col xs={24} sm={7}>
        <MaskedField form={form} name="cpf" id="person-cpf" label="CPF" mask="cpf" />
      </Col>
      <Col xs={24} sm={7}>
        <MaskedField
          form={form}
          name="birthDate"
          id="person-birthDate"
          label="Data de nascimento"
          mask="date"
          placeholder="dd/mm/aaaa"
        />
      </Col>
      <Col xs={24} sm={8}>
        <SelectField
          form={form}
          name="gender"
          id="person-gender"
          label="Gênero"
          allowClear
          options={GENDER_OPTIONS}
        />
      </Col>
      <Col xs={12} sm={8}>
        <SelectField form={form} name="vote" id="person-vote" label="Voto" options={VOTE_OPTIONS} />
      </Col>
      <Col xs={12} sm={8}>
        <FormField id="person-influence" label="Influência" error={errors.influence}>
          <InputNumber
            id="person-influence"
            min={0}
            max={1_000_000}
            precision={0}
            style={{ width: '100%' }}
            value={values.influence}
            onChange={(v) => set('influence', v)}
          />
        </FormField>
      </Col>
      <Col span={24}>
        <FormField id="person-tags" label="Tags" error={errors.tags}>
          <TagSelect value={values.tags} known={knownTags} onChange={(v) => set('tags', v)} />
        </FormField>
      </Col>
    </Row>
  );
}
