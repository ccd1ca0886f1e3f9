import { GENDER_LABELS, GENDERS, type Gender, VOTE_LABELS, VOTES, type Vote } from '@mandato/domain';
import { Col, Input, InputNumber, Row, Select } from 'antd';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { MaskedInput } from '../../../platform/ui/form/MaskedInput.tsx';
import { TagSelect } from '../../tags/TagSelect.tsx';
import type { PersonForm } from './usePersonForm.ts';

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
        <FormField id="person-name" label="Nome" error={errors.name}>
          <Input
            id="person-name"
            maxLength={150}
            value={values.name}
            onChange={(e) => set('name', e.target.value)}
          />
        </FormField>
      </Col>
      <Col xs={24} sm={10}>
        <FormField id="person-nickname" label="Apelido" error={errors.nickname}>
          <Input
            id="person-nickname"
            maxLength={100}
            value={values.nickname}
            onChange={(e) => set('nickname', e.target.value)}
          />
        </FormField>
      </Col>
      <Col xs={24} sm={14}>
        <FormField id="person-email" label="E-mail" error={errors.email}>
          <Input
            id="person-email"
            type="email"
            maxLength={254}
            value={values.email}
            onChange={(e) => set('email', e.target.value)}
          />
        </FormField>
      </Col>
      <Col xs={24} sm={10}>
        <FormField id="person-cellphone" label="Celular" error={errors.cellphone}>
          <MaskedInput
            id="person-cellphone"
            mask="phone"
            value={values.cellphone}
            onChange={(v) => set('cellphone', v)}
          />
        </FormField>
      </Col>
      <Col xs={24} sm={10}>
        <FormField id="person-phoneTwo" label="Telefone" error={errors.phoneTwo}>
          <MaskedInput
            id="person-phoneTwo"
            mask="phone"
            value={values.phoneTwo}
            onChange={(v) => set('phoneTwo', v)}
          />
        </FormField>
      </Col>
      <Col xs={24} sm={7}>
        <FormField id="person-cpf" label="CPF" error={errors.cpf}>
          <MaskedInput id="person-cpf" mask="cpf" value={values.cpf} onChange={(v) => set('cpf', v)} />
        </FormField>
      </Col>
      <Col xs={24} sm={7}>
        <FormField id="person-birthDate" label="Data de nascimento" error={errors.birthDate}>
          <MaskedInput
            id="person-birthDate"
            mask="date"
            placeholder="dd/mm/aaaa"
            value={values.birthDate}
            onChange={(v) => set('birthDate', v)}
          />
        </FormField>
      </Col>
      <Col xs={24} sm={8}>
        <FormField id="person-gender" label="Gênero" error={errors.gender}>
          <Select
            id="person-gender"
            allowClear
            value={values.gender}
            options={GENDERS.map((g) => ({ value: g, label: GENDER_LABELS[g] }))}
            onChange={(v?: Gender) => set('gender', v)}
          />
        </FormField>
      </Col>
      <Col xs={12} sm={8}>
        <FormField id="person-vote" label="Voto" error={errors.vote}>
          <Select
            id="person-vote"
            value={values.vote}
            options={VOTES.map((v) => ({ value: v, label: VOTE_LABELS[v] }))}
            onChange={(v: Vote) => set('vote', v)}
          />
        </FormField>
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
