import type { Profile } from '@mandato/domain';
import { Button, Card, Col, Divider, Form, Input, Row } from 'antd';
import { useEffect } from 'react';
import { AddressFields } from '../../platform/ui/address/AddressFields.tsx';
import { FormField } from '../../platform/ui/form/FormField.tsx';
import { MaskedInput } from '../../platform/ui/form/MaskedInput.tsx';
import { serverFieldErrors } from '../../platform/ui/form/serverFieldErrors.ts';
import { useValidatedForm } from '../../platform/ui/form/useValidatedForm.ts';
import { useSaveProfile } from './hooks/useProfile.ts';
import { EMPTY_PROFILE, profileFormOf, validateProfile } from './profileForm.ts';

const ALL_FIELDS = ['name', 'email', 'cellphone', 'address.state', 'address.zipCode'];

/** 'Meus dados' (spec 2 §2 "Profile", §5): name, e-mail and cellphone required; the address block. */
export function ProfileForm({ profile }: { profile: Profile }) {
  const form = useValidatedForm(EMPTY_PROFILE, validateProfile);
  const saveProfile = useSaveProfile();
  const { reset } = form;
  useEffect(() => reset(profileFormOf(profile)), [profile, reset]);

  const save = async () => {
    for (const field of ALL_FIELDS) form.touch(field);
    const payload = form.validation.payload;
    if (!payload) return;
    try {
      const saved = await saveProfile.mutateAsync(payload);
      reset(profileFormOf(saved));
    } catch (error) {
      form.setServerErrors(serverFieldErrors(error));
    }
  };

  const text = (key: 'name' | 'email', label: string, type = 'text') => (
    <FormField id={`profile-${key}`} label={label} error={form.errors[key]} required>
      <Input
        id={`profile-${key}`}
        type={type}
        value={form.values[key]}
        onChange={(e) => form.set(key, e.target.value)}
        onBlur={() => form.touch(key)}
      />
    </FormField>
  );

  return (
    <Card title="Meus dados" style={{ maxWidth: 760 }}>
      <Form layout="vertical" component="div" requiredMark={false}>
        <Row gutter={16}>
          <Col xs={24} md={24}>
            {text('name', 'Nome')}
          </Col>
          <Col xs={24} md={14}>
            {text('email', 'E-mail', 'email')}
          </Col>
          <Col xs={24} md={10}>
            <FormField id="profile-cellphone" label="Celular" error={form.errors.cellphone} required>
              <MaskedInput
                id="profile-cellphone"
                mask="phone"
                value={form.values.cellphone}
                onChange={(v) => form.set('cellphone', v)}
                onBlur={() => form.touch('cellphone')}
              />
            </FormField>
          </Col>
        </Row>
        <Divider titlePlacement="start">Endereço</Divider>
        <AddressFields
          idPrefix="profile-address"
          values={form.values.address}
          errors={form.errors}
          onTouch={form.touch}
          onChange={(address) => form.setValues((prev) => ({ ...prev, address }))}
        />
        <div style={{ display: 'flex', justifyContent: 'flex-end' }}>
          <Button type="primary" loading={saveProfile.isPending} onClick={() => void save()}>
            Salvar
          </Button>
        </div>
      </Form>
    </Card>
  );
}
