import { DONATION_TEXTS, type DonationCampaign } from '@mandato/domain';
import { Button, Col, Form, Input, Modal, Row, Switch } from 'antd';
import { FormField } from '../../../platform/ui/form/FormField.tsx';
import { serverFieldErrors } from '../../../platform/ui/form/serverFieldErrors.ts';
import { TextField } from '../../../platform/ui/form/TextField.tsx';
import { useValidatedForm } from '../../../platform/ui/form/useValidatedForm.ts';
import { useSaveCampaign } from '../hooks/useCampaigns.ts';
import {
  type CampaignFormValues,
  campaignFormErrors,
  campaignFormValuesOf,
  NEW_CAMPAIGN_FORM,
  validateCampaign,
} from './campaignForm.ts';

const T = DONATION_TEXTS.campaign;
const MONEY_FIELDS = ['min', 'max', 'suggested'] as const;

/** 'Campanha de Doação' (spec 3 §2.5, §5): new (the defaults) or edited; values in reais, sent as cents. */
export function CampaignDialog({
  campaign,
  onClose,
  onSaved,
}: {
  campaign?: DonationCampaign;
  onClose: () => void;
  onSaved: (saved: DonationCampaign) => void;
}) {
  const form = useValidatedForm<CampaignFormValues, ReturnType<typeof validateCampaign>['payload']>(
    campaign ? campaignFormValuesOf(campaign) : NEW_CAMPAIGN_FORM,
    validateCampaign,
    // min, max and suggested are checked against each other: touching one shows the others' rule
    { min: ['max', 'suggested'], max: ['min', 'suggested'], suggested: ['min', 'max'] },
  );
  const save = useSaveCampaign();
  const { values, errors, set } = form;

  const submit = async () => {
    const body = form.validation.payload;
    if (!body) {
      for (const field of Object.keys(form.validation.errors)) form.touch(field);
      return;
    }
    try {
      onSaved(await save.mutateAsync({ body, token: campaign?.token }));
    } catch (error) {
      form.setServerErrors(campaignFormErrors(serverFieldErrors(error)));
    }
  };

  return (
    <Modal
      open
      title={T.dialogTitle}
      onCancel={onClose}
      destroyOnHidden
      footer={[
        <Button key="cancel" onClick={onClose} disabled={save.isPending}>
          {T.cancel}
        </Button>,
        <Button key="save" type="primary" loading={save.isPending} onClick={() => void submit()}>
          {T.save}
        </Button>,
      ]}
    >
      <Form layout="vertical" component="div" requiredMark>
        <FormField id="donation-campaign-active" label={T.fields.active}>
          <Switch id="donation-campaign-active" checked={values.active} onChange={(v) => set('active', v)} />
        </FormField>
        <TextField
          form={form}
          name="title"
          id="donation-campaign-title"
          label={T.fields.title}
          required
          maxLength={120}
        />
        <Row gutter={12}>
          {MONEY_FIELDS.map((name) => (
            <Col xs={24} sm={8} key={name}>
              <FormField
                id={`donation-campaign-${name}`}
                label={T.fields[name]}
                error={errors[name]}
                required={name !== 'suggested'}
              >
                <Input
                  id={`donation-campaign-${name}`}
                  prefix="R$"
                  inputMode="decimal"
                  maxLength={12}
                  value={values[name]}
                  onChange={(e) => set(name, e.target.value.replace(/[^\d.,]/g, ''))}
                />
              </FormField>
            </Col>
          ))}
        </Row>
      </Form>
    </Modal>
  );
}
