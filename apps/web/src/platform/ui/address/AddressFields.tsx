import { BR_STATES, onlyDigits } from '@mandato/domain';
import { Col, Input, Row, Select, Spin } from 'antd';
import { FormField } from '../form/FormField.tsx';
import { MaskedInput } from '../form/MaskedInput.tsx';
import { type AddressValues, asBrState, CLEARED_BY_CEP } from './addressValues.ts';
import { useCepLookup } from './useCepLookup.ts';

/** Endereço: CEP with lookup, street, number, complement, neighborhood, city, state. */
export function AddressFields({
  idPrefix,
  values,
  onChange,
  errors,
  onTouch,
  disabled,
  required = [],
}: {
  idPrefix: string;
  values: AddressValues;
  onChange: (values: AddressValues) => void;
  /** visible errors keyed 'address.<field>' */
  errors: Record<string, string>;
  onTouch: (field: string) => void;
  disabled?: boolean;
  /** the fields this form requires (marked with the asterisk; the schema says the message) */
  required?: readonly (keyof AddressValues)[];
}) {
  const cep = useCepLookup((found) =>
    onChange({
      ...values,
      street: found.street ?? values.street,
      neighborhood: found.neighborhood ?? values.neighborhood,
      city: found.city ?? values.city,
      state: asBrState(found.state) ?? values.state,
    }),
  );
  const locked = disabled || cep.loading;
  const set = (key: keyof AddressValues) => (value: string | undefined) => {
    onTouch(`address.${key}`);
    // the state is required once any address field is filled: reveal its message too
    if (key !== 'state') onTouch('address.state');
    onChange({ ...values, [key]: value });
  };
  const id = (key: string) => `${idPrefix}-${key}`;
  const isRequired = (key: keyof AddressValues) => required.includes(key);
  const text = (key: Exclude<keyof AddressValues, 'state' | 'zipCode'>, label: string, max: number) => (
    <FormField id={id(key)} label={label} error={errors[`address.${key}`]} required={isRequired(key)}>
      <Input
        id={id(key)}
        maxLength={max}
        disabled={locked}
        value={values[key]}
        onChange={(e) => set(key)(e.target.value)}
      />
    </FormField>
  );

  return (
    <Row gutter={12}>
      <Col xs={24} sm={10}>
        <FormField
          id={id('zipCode')}
          label="CEP"
          error={errors['address.zipCode']}
          required={isRequired('zipCode')}
        >
          <MaskedInput
            id={id('zipCode')}
            mask="cep"
            disabled={disabled}
            suffix={cep.loading ? <Spin size="small" /> : <span />}
            value={values.zipCode}
            onChange={(masked) => {
              onTouch('address.zipCode');
              onTouch('address.state');
              if (onlyDigits(masked).length === 0 && values.zipCode) {
                // clearing the digits clears what the lookup filled
                onChange({ ...values, ...CLEARED_BY_CEP, zipCode: masked });
                return;
              }
              onChange({ ...values, zipCode: masked });
              cep.onZipTyped(masked);
            }}
          />
        </FormField>
      </Col>
      <Col xs={24} sm={14}>
        {text('street', 'Rua', 200)}
      </Col>
      <Col xs={12} sm={8}>
        {text('number', 'Número', 20)}
      </Col>
      <Col xs={12} sm={16}>
        {text('complement', 'Complemento', 100)}
      </Col>
      <Col xs={24} sm={10}>
        {text('neighborhood', 'Bairro', 100)}
      </Col>
      <Col xs={16} sm={9}>
        {text('city', 'Cidade', 100)}
      </Col>
      <Col xs={8} sm={5}>
        <FormField
          id={id('state')}
          label="Estado"
          error={errors['address.state']}
          required={isRequired('state')}
        >
          <Select
            id={id('state')}
            allowClear
            showSearch
            disabled={locked}
            value={values.state}
            options={BR_STATES.map((s) => ({ value: s, label: s }))}
            onChange={(v?: string) => set('state')(v)}
          />
        </FormField>
      </Col>
    </Row>
  );
}
